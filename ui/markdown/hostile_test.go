package markdown

import (
	"flag"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"rdash/internal/safe"
	"rdash/internal/safe/hostile"
)

var updateSeeds = flag.Bool("update-seeds", false, "rewrite the markdown fuzz seed corpus from testdata/hostile")

// A changelog's links are clickable (OSC 8) only to http, https and mailto
// targets; every other link keeps its text and shows its target.
func TestMarkdownLinksClickableOnlyForWebAndMail(t *testing.T) {
	t.Parallel()
	src := "- [web](https://example.org/a) and [plain](http://example.org/b)\n" +
		"- [mail](mailto:dev@example.org) and dev2@example.org\n" +
		"- [js](javascript:alert(1)) and [JS](JaVaScRiPt:alert(2))\n" +
		"- [data](data:text/html;base64,PHNjcmlwdD4=) and [file](file:///etc/passwd)\n" +
		"- [relative](/docs/x) and [proto](//evil.example) and [ftp](ftp://example.org/f)\n" +
		"- <javascript:alert(3)> and <file:///etc/shadow> and ![img](file:///x.png)\n" +
		"- [entity](http://example.org/&#27;x) and [hidden](https://example.org/&#x202e;)\n\n" +
		"| a | b |\n|---|---|\n| [t](javascript:y) | [u](https://example.org/u) |\n"
	// Markdown leaves character references in a destination as they are,
	// so these two are harmless web links.
	want := []string{"http://example.org/&#27;x", "http://example.org/b", "https://example.org/&#x202e;", "https://example.org/a", "https://example.org/u",
		"mailto:dev2@example.org", "mailto:dev@example.org"}
	visible := []string{"web", "plain", "mail", "dev2@example.org", "js", "javascript:alert(1)",
		"JS", "data", "data:text/html;base64,PHNjcmlwdD4=", "file", "file:///etc/passwd",
		"relative", "/docs/x", "proto", "//evil.example", "ftp", "ftp://example.org/f",
		"javascript:alert(3)", "file:///etc/shadow", "img", "file:///x.png", "entity", "hidden"}
	for _, style := range []string{"dark", "notty"} {
		out, err := Render(src, 200, style)
		if err != nil {
			t.Fatal(err)
		}
		if got := linkTargets(t, out); !slices.Equal(got, want) {
			t.Errorf("%s: clickable links %q, want %q", style, got, want)
		}
		text := strings.Join(strings.Fields(ansi.Strip(out)), " ")
		for _, v := range visible {
			if !strings.Contains(text, v) {
				t.Errorf("%s: %q is not shown in %q", style, v, text)
			}
		}
	}
}

// Markdown decodes character references, so "&#27;" in a changelog that
// went through safe.Text would become ESC again; the rendering must not
// carry it, nor any hidden character.
func TestMarkdownCharacterReferencesStayInert(t *testing.T) {
	t.Parallel()
	src := "&#27;]0;title&#7; &#x1b;[2J &#155;31m red &#x202e;rev &#x200d; &#8232;\n\n`&#27;[1m` [x](http://e.org \"&#27;\")\n"
	for _, style := range []string{"dark", "notty"} {
		out, err := Render(src, 80, style)
		if err != nil {
			t.Fatal(err)
		}
		checkRendering(t, src, out, 80)
		if !strings.Contains(ansi.Strip(out), "red") {
			t.Errorf("%s: text lost: %q", style, out)
		}
	}
}

func TestMarkdownHostileCorpus(t *testing.T) {
	t.Parallel()
	for _, c := range hostile.Cases(t) {
		for _, src := range []string{c.Text, safe.Text(c.Text)} {
			out, err := Render(src, 40, "dark")
			if err != nil {
				t.Fatalf("%s: %v", c.Name, err)
			}
			checkRendering(t, src, out, 40)
		}
	}
}

func TestMarkdownFuzzSeeds(t *testing.T) {
	hostile.CheckSeeds(t, "FuzzMarkdownHostile", *updateSeeds)
}

// FuzzMarkdownHostile renders any text, as it comes and through safe.Text,
// and checks that only SGR and OSC 8 links to http, https and mailto
// targets reach the terminal, that no line is wider than asked, and that
// nothing panics.
func FuzzMarkdownHostile(f *testing.F) {
	hostile.Seed(f)
	f.Fuzz(func(t *testing.T, s string) {
		for _, src := range []string{s, safe.Text(s)} {
			out, err := Render(src, 30, "dark")
			if err != nil {
				t.Fatalf("Render(%+q): %v", src, err)
			}
			checkRendering(t, src, out, 30)
		}
	})
}

var (
	sgr  = regexp.MustCompile(`^\x1b\[[0-9;:]*m`)
	osc8 = regexp.MustCompile(`^\x1b\]8;[^;\x07\x1b]*;([^\x07\x1b]*)(?:\x07|\x1b\\)`)
)

// checkRendering checks that every escape sequence in out is an SGR or an
// OSC 8 link to a clickable target, that out has no hidden character but
// newlines, and that no line is wider than width.
func checkRendering(t *testing.T, src, out string, width int) {
	t.Helper()
	_ = linkTargets(t, out)
	for _, r := range out {
		if r != '\n' && r != 0x1b && r != 0x07 && safe.Hidden(r) {
			t.Fatalf("%+q: rendering keeps %U: %+q", src, r, out)
		}
	}
	for _, l := range strings.Split(out, "\n") {
		if w := ansi.StringWidth(l); w > width {
			t.Fatalf("%+q: line %d wide: %+q", src, w, l)
		}
	}
}

// linkTargets returns the sorted, distinct targets of out's OSC 8 links,
// failing t on any other sequence than SGR or a link to a clickable target.
func linkTargets(t *testing.T, out string) []string {
	t.Helper()
	var targets []string
	for i := strings.IndexByte(out, 0x1b); i >= 0; i = strings.IndexByte(out, 0x1b) {
		out = out[i:]
		if m := sgr.FindString(out); m != "" {
			out = out[len(m):]
			continue
		}
		m := osc8.FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("rendering has the sequence %+q", out[:min(len(out), 20)])
		}
		if m[1] != "" {
			if !clickable(m[1]) {
				t.Fatalf("rendering links to %+q", m[1])
			}
			targets = append(targets, m[1])
		}
		out = out[len(m[0]):]
	}
	slices.Sort(targets)
	return slices.Compact(targets)
}
