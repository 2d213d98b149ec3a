package common

import (
	"fmt"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// On a 16-colour terminal every foreground that draws text must stay
// readable on the background: not white (37, 97) on a light one, not black
// (30) on a dark one. help.DefaultStyles gave the footer 37 and 97 on
// white, and its separator 30 on black.
func TestSixteenColoursStayVisible(t *testing.T) {
	t.Parallel()
	for _, dark := range []bool{true, false} {
		s := NewStyles(Theme{Dark: dark, ANSI16: true})
		invisible := map[ansi.BasicColor]bool{ansi.White: true, ansi.BrightWhite: true}
		if dark {
			invisible = map[ansi.BasicColor]bool{ansi.Black: true}
		}
		for name, st := range map[string]lipgloss.Style{
			"help key": s.Help.ShortKey, "help desc": s.Help.ShortDesc, "help separator": s.Help.ShortSeparator,
			"full help key": s.Help.FullKey, "full help desc": s.Help.FullDesc, "full help separator": s.Help.FullSeparator,
			"muted": s.Muted, "label": s.Label, "placeholder": s.Placeholder, "status": s.StatusInfo,
			"header": s.Header, "value": s.Value, "table header": s.TableHeader,
		} {
			c, ok := colorprofile.ANSI.Convert(st.GetForeground()).(ansi.BasicColor)
			if !ok || invisible[c] {
				t.Errorf("dark=%v: %s is %s on a 16-colour terminal", dark, name, fmt.Sprint(c))
			}
		}
	}
}

func TestNoColourKeepsTheCursorVisible(t *testing.T) {
	t.Parallel()
	s := NewStyles(Theme{NoColor: true})
	if !s.Cursor.GetReverse() || !s.Section.GetBold() || !s.Help.ShortKey.GetBold() {
		t.Fatal("the NO_COLOR styles lost reverse video or bold")
	}
}
