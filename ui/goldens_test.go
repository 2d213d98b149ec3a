package ui

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// knownCut are goldens of screens other helpers are changing that cut a
// hint or a button today; each is listed with who fixes it. The test
// fails when one of them no longer cuts, so the list only shrinks.
var knownCut = map[string]string{}

// TestNoGoldenCutsAHintOrAButton reads every golden view under ui/ and
// fails when a key hint ("p pin/unpin …", "c channel …"), a button
// ("[ Appl…", "[ Cancel ]…") or the dashboard's footer ends cut with "…".
// What must be decided or learnt is never cut: a hint that does not fit
// is left out whole, and the footer ends in "? more".
func TestNoGoldenCutsAHintOrAButton(t *testing.T) {
	t.Parallel()
	cut := map[string][]string{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".golden") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if lines := cutLines(string(b)); len(lines) > 0 {
			cut[path] = lines
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for path, lines := range cut {
		if _, known := knownCut[path]; !known {
			t.Errorf("%s cuts a hint or a button:\n\t%s", path, strings.Join(lines, "\n\t"))
		}
	}
	for path, who := range knownCut {
		if _, ok := cut[path]; !ok {
			t.Errorf("%s no longer cuts a hint or a button (%s fixed it): take it off knownCut", path, who)
		}
	}
}

// keyToken is how a hint names its key: one character, a named key, a
// chord (ctrl+u), or keys joined with / (↑/k, n/enter).
var keyToken = regexp.MustCompile(`^(?:\S|enter|esc|tab|space|backspace|delete|home|end|pgup|pgdn|pgdown|` +
	`any|other|(?:ctrl|alt|shift)\+\S+|\S+/\S+)$`)

// cutLines returns the lines of a golden view that cut a hint or a
// button. A hint is a key and what it does, separated from the next by
// " • " or " · "; a button is "[ label ]". The last line of a view of the
// whole dashboard (its first line starts "rdash") is the footer, which
// never ends in "…".
func cutLines(view string) []string {
	lines := strings.Split(view, "\n")
	var out []string
	for i, l := range lines {
		footer := i == len(lines)-1 && strings.HasPrefix(lines[0], "rdash")
		if footer && strings.HasSuffix(strings.TrimSpace(l), "…") || cutHint(l) || cutButton(l) {
			out = append(out, strings.TrimRight(l, " "))
		}
	}
	return out
}

// cutHint reports a hint that ends in "…", on a line of hints.
func cutHint(line string) bool {
	t := strings.TrimSpace(line)
	if strings.HasPrefix(t, "•") { // a list item of a changelog
		return false
	}
	segs := regexp.MustCompile(` [•·] `).Split(t, -1)
	if len(segs) < 2 {
		return false
	}
	return slices.ContainsFunc(segs, func(s string) bool {
		if !strings.HasSuffix(s, "…") {
			return false
		}
		k, _, _ := strings.Cut(s, " ")
		return keyToken.MatchString(k) || strings.TrimSpace(s) == "…"
	})
}

// cutButton reports a button cut inside ("[ Appl…") or cut off after
// ("[ Cancel ]…").
func cutButton(line string) bool {
	return regexp.MustCompile(`\[ [^\]]*…|\]…`).MatchString(line)
}

func TestCutLines(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		line string
		cut  bool
	}{
		{"↑/k up • ↓/j down • enter open • / filter • p pin/unpin … • ? help • q quit", true},
		{"↓/j down • ↑/k up • tab files ⇄ changelog … • esc back • ? help • q quit", true},
		{"all versions · / search · c channels · v game versions · s …", true},
		{"Store it there? y yes · n no (the defa…", true},
		{"  [ Cancel ] [ Appl…", true},
		{"  [ Cancel ]…", true},
		{"enter open • / filter • p pin • i invitations • ? more", false},
		{"    lumen                   Lumen — Dynamic lighting for Pa…", false},
		{"    emberforge-core         Emberforge Core · emberforge — Shared engine and …", false},
		{"  • Requires Emberforge Core (any version; Lumen checks the…", false},
		{"2.0.0  Lumen 2.0.0      release · 40,210 downloads", false},
		{"  [ Cancel ]  [ Apply ]", false},
	} {
		if got := len(cutLines("screen\n"+tt.line)) > 0; got != tt.cut {
			t.Errorf("cutLines(%q) = %v, want %v", tt.line, got, tt.cut)
		}
	}
	if len(cutLines("rdash › projects\nenter open • / filter • p pin/…")) == 0 {
		t.Error("a footer cut in a word passed")
	}
}
