package markdown

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestRenderMarkdownFitsAndHonoursStyle(t *testing.T) {
	t.Parallel()
	src := "# Title\n\nSome **bold** text and a link <https://example.org/a/very/long/path/that/cannot/wrap/anywhere/at/all>.\n\n" +
		"```\nfunc aVeryLongLineOfCodeThatGlamourWillNotWrap(argumentNumberOne, argumentNumberTwo int) {}\n```\n"
	for _, style := range []string{"dark", "light", "notty"} {
		for _, w := range []int{20, 40, 80} {
			out, err := Render(src, w, style)
			if err != nil {
				t.Fatalf("%s/%d: %v", style, w, err)
			}
			for _, l := range strings.Split(out, "\n") {
				if ansi.StringWidth(l) > w {
					t.Errorf("%s/%d: line %d wide: %q", style, w, ansi.StringWidth(l), ansi.Strip(l))
				}
			}
			if style == "notty" && strings.Contains(out, "\x1b[") {
				t.Errorf("notty rendering has colours: %q", out)
			}
			if style == "dark" && !strings.Contains(out, "\x1b[") {
				t.Errorf("dark rendering has no styles")
			}
		}
	}
}

func TestMarkdownCacheKeys(t *testing.T) {
	t.Parallel()
	c := NewCache()
	k := NewKey("v1", "# a", 80, "dark")
	c.Put(k, "rendered")
	if _, ok := c.Get(NewKey("v1", "# a", 81, "dark")); ok {
		t.Error("another width hit the cache")
	}
	if _, ok := c.Get(NewKey("v1", "# b", 80, "dark")); ok {
		t.Error("an edited changelog hit the cache")
	}
	if got, ok := c.Get(NewKey("v1", "# a", 80, "dark")); !ok || got != "rendered" {
		t.Errorf("Get = %q, %v", got, ok)
	}
}

// An address is never broken at a dot or a hyphen: one that fits a line
// alone moves whole to the next line, in a paragraph and in a list item;
// one longer than a line breaks only where the line ends; the link's
// target stays the address.
func TestURLsBreakOnlyWhereTheyMust(t *testing.T) {
	t.Parallel()
	const fits = "https://example.org/lumen/releases/download/v2.5/lumen-2.5.jar"
	const long = "https://example.org/lumen/releases/download/v2.5.0/lumen-fabric-2.5.0-build.jar"
	for _, src := range []string{"Get the build from " + fits + " now.", "- a list item and " + fits + " in it"} {
		for _, w := range []int{80, 70} {
			out, err := Render(src, w, "dark")
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(ansi.Strip(out), fits) {
				t.Errorf("width %d: %q is broken:\n%s", w, fits, ansi.Strip(out))
			}
			if !strings.Contains(out, "8;id=") || !strings.Contains(out, ";"+fits+"\a") {
				t.Errorf("width %d: the link's target is not the address: %q", w, out)
			}
		}
	}
	out, _ := Render("From "+long+" now.", 60, "notty")
	var lines []string
	for _, l := range strings.Split(ansi.Strip(out), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	joined := strings.Join(lines, "")
	if !strings.Contains(joined, long) || len(lines) < 3 || ansi.StringWidth(lines[1]) != 56 {
		t.Fatalf("a long address breaks before the line's end:\n%s", ansi.Strip(out))
	}
}
