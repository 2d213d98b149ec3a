package common

import (
	"slices"
	"testing"

	"charm.land/bubbles/v2/textinput"
)

func TestSplitListAndLastToken(t *testing.T) {
	t.Parallel()
	if got := SplitList(" 1.21, 1.20.4 1.21,,1.19 "); !slices.Equal(got, []string{"1.21", "1.20.4", "1.21", "1.19"}) {
		t.Fatalf("SplitList = %v", got)
	}
	chosen, last, start := LastToken("1.21, 1.20.4 1.2")
	if !slices.Equal(chosen, []string{"1.21", "1.20.4"}) || last != "1.2" || start != 13 {
		t.Fatalf("LastToken = %v, %q, %d", chosen, last, start)
	}
}

func TestCompletionCyclesMatches(t *testing.T) {
	t.Parallel()
	known := []string{"1.21.4", "1.21.1", "1.20.6", "1.20.4"}
	in := textinput.New()
	in.SetValue("1.21.4, 1.2")
	var c Completion
	if got := c.Suggestions(in.Value(), known); !slices.Equal(got, []string{"1.21.1", "1.20.6", "1.20.4"}) {
		t.Fatalf("Suggestions = %v (the chosen 1.21.4 left out)", got)
	}
	var seen []string
	for range 4 {
		if !c.Complete(&in, known) {
			t.Fatal("nothing completed")
		}
		seen = append(seen, in.Value())
	}
	want := []string{"1.21.4, 1.21.1", "1.21.4, 1.20.6", "1.21.4, 1.20.4", "1.21.4, 1.21.1"}
	if !slices.Equal(seen, want) {
		t.Fatalf("tabs gave %q, want %q", seen, want)
	}
	c.Reset() // a key was typed: the next tab completes what is there now
	in.SetValue("1.21.4, 1.20.")
	if c.Complete(&in, known); in.Value() != "1.21.4, 1.20.6" {
		t.Fatalf("after Reset: %q", in.Value())
	}
}

func TestCompletionOfAnEmptyToken(t *testing.T) {
	t.Parallel()
	known := []string{"1.21.4", "1.20.6"}
	in := textinput.New()
	var strict Completion
	if strict.Complete(&in, known) || strict.Suggestions("", known) != nil || in.Value() != "" {
		t.Fatal("an empty token was completed without Empty")
	}
	all := Completion{Empty: true}
	if !all.Complete(&in, known) || in.Value() != "1.21.4" || len(all.Suggestions("", known)) != 2 {
		t.Fatalf("Empty: value %q, suggestions %v", in.Value(), all.Suggestions("", known))
	}
	in.SetValue("9")
	all.Reset()
	if all.Complete(&in, known) || in.Value() != "9" {
		t.Fatal("a token nothing matches was changed")
	}
}
