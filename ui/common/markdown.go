package common

import (
	"hash/fnv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/glamour/v2"
	"github.com/charmbracelet/x/ansi"
)

// MaxMarkdownWidth caps the changelog's width: long lines are hard to read
// (glow caps at 120 too).
const MaxMarkdownWidth = 120

// MarkdownKey identifies one rendering of a text: what, how wide, in which
// glamour style. Sum is a hash of the source, so an edited changelog is
// never served from the cache under its old rendering.
type MarkdownKey struct {
	ID    string
	Width int
	Style string
	Sum   uint64
}

// NewMarkdownKey returns the key of source rendered at width in style.
func NewMarkdownKey(id, source string, width int, style string) MarkdownKey {
	h := fnv.New64a()
	h.Write([]byte(source))
	return MarkdownKey{ID: id, Width: width, Style: style, Sum: h.Sum64()}
}

// maxMarkdownEntries bounds the cache; a session rarely reads more.
const maxMarkdownEntries = 128

// MarkdownCache keeps rendered markdown by MarkdownKey. Renders happen in
// commands; only Update stores and reads, so it needs no lock.
type MarkdownCache struct {
	m map[MarkdownKey]string
}

// NewMarkdownCache returns an empty cache.
func NewMarkdownCache() *MarkdownCache {
	return &MarkdownCache{m: make(map[MarkdownKey]string)}
}

// Get returns the rendering stored under k.
func (c *MarkdownCache) Get(k MarkdownKey) (string, bool) {
	s, ok := c.m[k]
	return s, ok
}

// Put stores a rendering, forgetting everything once the cache is full.
func (c *MarkdownCache) Put(k MarkdownKey, s string) {
	if len(c.m) >= maxMarkdownEntries {
		clear(c.m)
	}
	c.m[k] = s
}

// RenderMarkdown renders source (already passed through safe.Text) with
// glamour's standard style at width columns, and cuts every line to width
// so code blocks and long URLs cannot widen the screen. It is slow (tens of
// milliseconds): call it from a command, never from Update or View.
func RenderMarkdown(source string, width int, style string) (string, error) {
	width = max(width, 10)
	r, err := glamour.NewTermRenderer(
		glamour.WithStandardStyle(style),
		glamour.WithWordWrap(width),
	)
	if err != nil {
		return "", err
	}
	out, err := r.Render(source)
	if err != nil {
		return "", err
	}
	lines := strings.Split(strings.Trim(out, "\n"), "\n")
	for i, l := range lines {
		l = strings.TrimRight(l, " ")
		if ansi.StringWidth(l) > width {
			l = ansi.Truncate(l, width, "…")
		}
		lines[i] = l
	}
	return strings.Join(lines, "\n"), nil
}

// MarkdownRendered is a rendering made by RenderMarkdownCmd: Out for Key,
// or the Err that stopped it.
type MarkdownRendered struct {
	Key MarkdownKey
	Out string
	Err error
}

// RenderMarkdownCmd renders source at key's width and style in a command,
// away from Update. done wraps the result in the asking screen's own
// message type, so only that screen keeps it: every screen on the stack
// sees every message.
func RenderMarkdownCmd(key MarkdownKey, source string, done func(MarkdownRendered) tea.Msg) tea.Cmd {
	return func() tea.Msg {
		out, err := RenderMarkdown(source, key.Width, key.Style)
		return done(MarkdownRendered{Key: key, Out: out, Err: err})
	}
}
