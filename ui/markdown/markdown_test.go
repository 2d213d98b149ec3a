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
