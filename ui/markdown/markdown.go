// Package markdown renders changelogs for the terminal: glamour at a
// width, in a command away from Update, links made clickable only for web
// and mail, and a cache of renderings by text, width and style that the
// screens share through common.Common.
package markdown

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"net/url"
	"strings"

	tea "charm.land/bubbletea/v2"
	gansi "charm.land/glamour/v2/ansi"
	"charm.land/glamour/v2/styles"
	"github.com/charmbracelet/x/ansi"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"rdash/internal/safe"
)

// MaxWidth caps the changelog's width: long lines are hard to read
// (glow caps at 120 too).
const MaxWidth = 120

// Key identifies one rendering of a text: what, how wide, in which
// glamour style. Sum is a hash of the source, so an edited changelog is
// never served from the cache under its old rendering.
type Key struct {
	ID    string
	Width int
	Style string
	Sum   uint64
}

// NewKey returns the key of source rendered at width in style.
func NewKey(id, source string, width int, style string) Key {
	h := fnv.New64a()
	h.Write([]byte(source))
	return Key{ID: id, Width: width, Style: style, Sum: h.Sum64()}
}

// maxEntries bounds the cache; a session rarely reads more.
const maxEntries = 128

// Cache keeps rendered markdown by Key. Renders happen in
// commands; only Update stores and reads, so it needs no lock.
type Cache struct {
	m map[Key]string
}

// NewCache returns an empty cache.
func NewCache() *Cache {
	return &Cache{m: make(map[Key]string)}
}

// Get returns the rendering stored under k.
func (c *Cache) Get(k Key) (string, bool) {
	s, ok := c.m[k]
	return s, ok
}

// Put stores a rendering, forgetting everything once the cache is full.
func (c *Cache) Put(k Key, s string) {
	if len(c.m) >= maxEntries {
		clear(c.m)
	}
	c.m[k] = s
}

// Render renders source (already passed through safe.Text) with
// glamour's standard style at width columns, and cuts every line to width
// so code blocks and long URLs cannot widen the screen. Only http, https
// and mailto links are clickable (OSC 8); any other link shows its text
// and its target as code. The output goes through safe.Styled, since
// markdown decodes character references ("&#27;") back into what
// safe.Text took out. It is slow (tens of milliseconds): call it from a
// command, never from Update or View.
func Render(source string, width int, style string) (string, error) {
	width = max(width, 10)
	md, err := newMarkdown(width, style)
	if err != nil {
		return "", err
	}
	var buf bytes.Buffer
	src := []byte(source)
	doc := md.Parser().Parse(text.NewReader(src))
	guarded := !strings.ContainsAny(source, guards)
	if guarded {
		src = guardURLs(doc, src)
	}
	if err := md.Renderer().Render(&buf, src, doc); err != nil {
		return "", fmt.Errorf("rendering markdown: %w", err)
	}
	rendered := buf.String()
	if guarded {
		rendered = unguard.Replace(rendered)
	}
	out := safe.Styled(rendered, clickable)
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

// Rendered is a rendering made by RenderCmd: Out for Key,
// or the Err that stopped it.
type Rendered struct {
	Key Key
	Out string
	Err error
}

// RenderCmd renders source at key's width and style in a command,
// away from Update. The Rendered comes back to the asking screen
// only (the root addresses every reply), so a screen matches it as it is
// and checks Key against the rendering it waits for.
func RenderCmd(key Key, source string) tea.Cmd {
	return func() tea.Msg {
		out, err := Render(source, key.Width, key.Style)
		return Rendered{Key: key, Out: out, Err: err}
	}
}

// newMarkdown is glamour.NewTermRenderer with the link filter added:
// glamour keeps its goldmark instance to itself, so the same parser and
// renderer are put together here.
func newMarkdown(width int, style string) (goldmark.Markdown, error) {
	st, ok := styles.DefaultStyles[style]
	if !ok {
		return nil, fmt.Errorf("%s: style not found", style)
	}
	md := goldmark.New(
		goldmark.WithExtensions(extension.GFM, extension.DefinitionList),
		goldmark.WithParserOptions(
			parser.WithAutoHeadingID(),
			parser.WithASTTransformers(util.Prioritized(linkFilter{}, 0)),
		),
	)
	r := gansi.NewRenderer(gansi.Options{WordWrap: width, Styles: *st})
	md.SetRenderer(renderer.NewRenderer(renderer.WithNodeRenderers(util.Prioritized(r, 1000))))
	return md, nil
}

// clickable reports whether a link to raw may become an OSC 8 hyperlink:
// only web and mail addresses. javascript:, data:, file: and relative
// links (which a terminal resolves against its own directory) may not.
func clickable(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil || strings.ContainsFunc(raw, func(r rune) bool { return r == ' ' || safe.Hidden(r) }) {
		return false
	}
	switch u.Scheme {
	case "http", "https":
		return u.Host != ""
	case "mailto":
		return u.Opaque != ""
	}
	return false
}

// maxShownTarget is how much of an unclickable link's target is shown: a
// data: URL can be an image's worth of base64.
const maxShownTarget = 60

// linkFilter turns every link, autolink and image whose target is not
// clickable into its text followed by the target as code, before glamour
// sees it, so no hyperlink is made for it.
type linkFilter struct{}

// Transform implements parser.ASTTransformer.
func (linkFilter) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	var unsafe []ast.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if target, ok := linkTarget(n, src); entering && ok && !clickable(target) {
			unsafe = append(unsafe, n)
		}
		return ast.WalkContinue, nil
	})
	for _, n := range unsafe {
		target, _ := linkTarget(n, src)
		unlink(n, target)
	}
}

// linkTarget returns the URL glamour would make a hyperlink to for n, if
// n is a link.
func linkTarget(n ast.Node, src []byte) (string, bool) {
	switch n := n.(type) {
	case *ast.Link:
		return string(n.Destination), true
	case *ast.Image:
		return string(n.Destination), true
	case *ast.AutoLink:
		u := string(n.URL(src))
		if n.AutoLinkType == ast.AutoLinkEmail && !strings.HasPrefix(strings.ToLower(u), "mailto:") {
			u = "mailto:" + u // as glamour does
		}
		return u, true
	}
	return "", false
}

// unlink replaces link n with its children, a space and a code span of its
// target.
func unlink(n ast.Node, target string) {
	parent := n.Parent()
	for c := n.FirstChild(); c != nil; {
		next := c.NextSibling()
		parent.InsertBefore(parent, n, c)
		c = next
	}
	if _, auto := n.(*ast.AutoLink); !auto && n.PreviousSibling() != nil {
		// A text node can only show its source, but padding is spaces.
		parent.InsertBefore(parent, n, ast.NewTextSegment(text.NewSegmentPadding(0, 0, 1)))
	}
	if r := []rune(target); len(r) > maxShownTarget {
		target = string(r[:maxShownTarget-1]) + "…"
	}
	code := ast.NewCodeSpan()
	code.AppendChild(code, ast.NewString([]byte(target)))
	parent.ReplaceChild(parent, n, code)
}
