// Package verify compares what the server says after a write (its answer,
// or a read made after it) with what rdash planned, and words each
// difference, so that what rdash reports the server did is what the
// server shows. The command line and the dashboard both report through
// it: the words are the same on either surface.
//
// The interface document leaves much of a write's effect unstated (which
// item of data.files does what, which file becomes primary, whether a
// bulk change answers one version or all), so a difference is not an
// error: it is what this server did, said plainly, and for the file list
// it is how rdash learns the server's reading (see Files).
//
// Sentences hold the server's text as it is (cut to a readable length):
// a surface cleans them where it shows them (internal/safe).
package verify

import (
	"fmt"
	"slices"
	"strings"

	"rdash/api"
)

// Difference is one way the server's state differs from the plan.
type Difference struct {
	Field string // "name", "game versions", "files", "primary", …
	Text  string // the sentence: "the server kept a.jar, which this update removes"
}

func (d Difference) String() string { return d.Text }

// Texts are the sentences of ds.
func Texts(ds []Difference) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.Text
	}
	return out
}

// Op names the write in a sentence: "this edit", "this update", "this
// undo", "this publish".
type Op string

// Version compares the metadata the plan means a version to have (want)
// with what the server holds (got): the version string, channel, name,
// changelog, and the lists. A list is compared as a set: the interface
// gives lists no order, and a server that sorts them changed nothing the
// user asked for (the journal keeps the server's order all the same).
// before is the version as it was: a list value the server added or kept
// is said against it ("which this edit removes"). A nil list of want
// (create, left to the channel's defaults) is not compared.
func Version(op Op, before, want, got api.Version) []Difference {
	var out []Difference
	scalar := func(field, w, g string) {
		if w != g {
			out = append(out, Difference{field, fmt.Sprintf("the server's %s is %s, where %s means %s", field, quote(g), op, quote(w))})
		}
	}
	scalar("version string", want.Version, got.Version)
	if !SameChannel(want.Channel, got.Channel) {
		out = append(out, Difference{"channel", fmt.Sprintf("the server's channel is %s, where %s means %s",
			channelName(got.Channel), op, channelName(want.Channel))})
	}
	scalar("name", want.Name, got.Name)
	if want.Changelog != got.Changelog {
		out = append(out, Difference{"changelog", fmt.Sprintf("the server's changelog is not the one %s means (it has %s, where %s means %s)",
			op, chars(got.Changelog), op, chars(want.Changelog))})
	}
	eq := func(a, b string) bool { return a == b }
	out = append(out, list(op, "game version", before.MinecraftVersions, want.MinecraftVersions, got.MinecraftVersions, eq, ident)...)
	out = append(out, list(op, "platform", before.Platforms, want.Platforms, got.Platforms, eq, ident)...)
	return append(out, list(op, "dependency", before.Dependencies, want.Dependencies, got.Dependencies, SameDependency, depText)...)
}

// list compares one list field as sets: what the server kept that the
// plan removes, what it lacks that the plan has, what it has that the
// plan has not.
func list[T any](op Op, noun string, before, want, got []T, same func(a, b T) bool, text func(T) string) []Difference {
	if want == nil {
		return nil
	}
	in := func(x T, l []T) bool { return slices.ContainsFunc(l, func(y T) bool { return same(x, y) }) }
	var kept, extra, notAdded, notKept []string
	for _, g := range got {
		switch {
		case in(g, want):
		case in(g, before):
			kept = append(kept, text(g))
		default:
			extra = append(extra, text(g))
		}
	}
	for _, w := range want {
		switch {
		case in(w, got):
		case in(w, before):
			notKept = append(notKept, text(w))
		default:
			notAdded = append(notAdded, text(w))
		}
	}
	field := noun + "s"
	var out []Difference
	say := func(values []string, format string) {
		if len(values) > 0 {
			out = append(out, Difference{field, fmt.Sprintf(format, named(noun, values), op)})
		}
	}
	say(kept, "the server kept %s, which %s removes")
	say(notAdded, "the server does not have %s, which %s adds")
	say(notKept, "the server does not have %s any more, which %s keeps")
	say(extra, "the server added %s, which %s does not")
	return out
}

// named is "game version 1.20" or "game versions 1.20, 1.21".
func named(noun string, values []string) string {
	if len(values) > 1 {
		noun += "s"
	}
	return noun + " " + strings.Join(values, ", ")
}

// SameChannel matches channels by ID when both are known; a channel the
// plan holds by a reference alone (its ID or slug, unresolved) matches a
// channel with that ID or slug.
func SameChannel(a, b api.Channel) bool {
	if resolved(a) && resolved(b) {
		return a.ID == b.ID
	}
	for _, x := range []string{a.ID, a.Slug} {
		if x != "" && (x == b.ID || x == b.Slug) {
			return true
		}
	}
	return false
}

// resolved reports that c is a channel the server described, not a
// reference a plan holds in its place (ID and slug the same, or no ID).
func resolved(c api.Channel) bool { return c.ID != "" && c.ID != c.Slug }

// SameDependency matches dependencies on their type and their one target,
// as the service matches them.
func SameDependency(a, b api.Dependency) bool {
	ak, aid := a.Target()
	bk, bid := b.Target()
	return a.Type == b.Type && ak == bk && aid == bid
}

func channelName(c api.Channel) string {
	if c.Slug != "" {
		return cut(c.Slug)
	}
	return cut(c.ID)
}

func depText(d api.Dependency) string {
	kind, id := d.Target()
	return cut(d.Type + " " + kind + ":" + id)
}

func ident(s string) string { return cut(s) }

// maxShown is how much of a value a sentence quotes: a name of ten
// thousand characters is not echoed whole.
const maxShown = 64

func cut(s string) string {
	if r := []rune(s); len(r) > maxShown {
		return string(r[:maxShown-1]) + "…"
	}
	return s
}

func quote(s string) string { return `"` + cut(s) + `"` }

func chars(s string) string {
	n := len([]rune(s))
	if n == 1 {
		return "1 character"
	}
	return fmt.Sprintf("%d characters", n)
}
