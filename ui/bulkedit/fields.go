package bulkedit

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/textinput"

	"rdash/api"
	"rdash/internal/bulk"
	"rdash/ui/common"
)

// modes are the choices of a list field, in bulk.Mode order.
var modes = []string{"keep", "replace with", "add and remove"}

// gameField edits game versions: lists typed with tab completion from the
// game versions seen.
type gameField struct {
	mode             bulk.Mode
	set, add, remove textinput.Model
	seen             []string // newest first
	// While tab cycles, prefix is the token as typed and cycle the turn.
	prefix string
	cycle  int
	tabbed bool
}

func newGameField(s *common.Styles, seen []string) gameField {
	return gameField{
		set:    newInput(s, "(the game versions they will have; none clears them)"),
		add:    newInput(s, "(game versions to add, e.g. 1.21.5)"),
		remove: newInput(s, "(game versions to remove)"),
		seen:   seen,
	}
}

func (g *gameField) input(p part) *textinput.Model {
	switch p {
	case partSet:
		return &g.set
	case partAdd:
		return &g.add
	case partRemove:
		return &g.remove
	}
	return nil
}

func (g *gameField) edit() bulk.ListEdit[string] {
	switch g.mode {
	case bulk.Replace:
		return bulk.ListEdit[string]{Mode: bulk.Replace, Set: nonNil(splitList(g.set.Value()))}
	case bulk.AddRemove:
		add, remove := splitList(g.add.Value()), splitList(g.remove.Value())
		if len(add) == 0 && len(remove) == 0 {
			return bulk.ListEdit[string]{} // nothing typed yet: nothing to send
		}
		return bulk.ListEdit[string]{Mode: bulk.AddRemove, Add: add, Remove: remove}
	}
	return bulk.ListEdit[string]{}
}

// splitList reads values separated by commas or spaces.
func splitList(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' })
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// lastToken splits an input's value into the values chosen and the one
// being typed, which starts at byte start.
func lastToken(v string) (chosen []string, last string, start int) {
	start = strings.LastIndexAny(v, ", ") + 1
	return splitList(v[:start]), v[start:], start
}

// complete replaces the token being typed in the input of p with the next
// seen game version that starts with it. It reports false when there is
// nothing to complete, so tab can move on instead.
func (g *gameField) complete(p part) bool {
	in := g.input(p)
	chosen, last, start := lastToken(in.Value())
	if !g.tabbed {
		g.prefix, g.cycle = last, 0
	} else {
		g.cycle++
	}
	cands := g.completions(g.prefix, chosen)
	if g.prefix == "" || len(cands) == 0 {
		g.tabbed = false
		return false
	}
	g.tabbed = true
	in.SetValue(in.Value()[:start] + cands[g.cycle%len(cands)])
	in.CursorEnd()
	return true
}

// suggestions are the completions of what is typed in the input of p.
func (g *gameField) suggestions(p part) []string {
	chosen, last, _ := lastToken(g.input(p).Value())
	if g.tabbed {
		last = g.prefix
	}
	if last == "" {
		return nil
	}
	return g.completions(last, chosen)
}

func (g *gameField) completions(prefix string, chosen []string) []string {
	var out []string
	for _, v := range g.seen {
		if strings.HasPrefix(v, prefix) && !slices.Contains(chosen, v) {
			out = append(out, v)
		}
	}
	return out
}

// platformOp is what an add/remove edit does to one platform.
type platformOp int

const (
	opLeave platformOp = iota
	opAdd
	opRemove
)

// platformField chooses platforms from the interface's enumeration: ticked
// ones for a replace; for add and remove, each platform is left, added or
// removed, never both.
type platformField struct {
	mode    bulk.Mode
	checked map[string]bool
	op      map[string]platformOp
}

func newPlatformField() platformField {
	return platformField{checked: map[string]bool{}, op: map[string]platformOp{}}
}

func (p *platformField) toggle(i int) {
	name := api.Platforms[i]
	if p.mode == bulk.Replace {
		p.checked[name] = !p.checked[name]
		return
	}
	p.op[name] = (p.op[name] + 1) % 3
}

// box is the platform's check box: [x] ticked, [+] added, [-] removed.
func (p *platformField) box(i int) string {
	name := api.Platforms[i]
	switch {
	case p.mode == bulk.Replace && p.checked[name]:
		return "[x]"
	case p.mode == bulk.AddRemove && p.op[name] == opAdd:
		return "[+]"
	case p.mode == bulk.AddRemove && p.op[name] == opRemove:
		return "[-]"
	}
	return "[ ]"
}

func (p *platformField) edit() bulk.ListEdit[string] {
	var set, add, remove []string
	for _, name := range api.Platforms {
		if p.checked[name] {
			set = append(set, name)
		}
		switch p.op[name] {
		case opAdd:
			add = append(add, name)
		case opRemove:
			remove = append(remove, name)
		}
	}
	switch {
	case p.mode == bulk.Replace:
		return bulk.ListEdit[string]{Mode: bulk.Replace, Set: nonNil(set)}
	case p.mode == bulk.AddRemove && len(add)+len(remove) > 0:
		return bulk.ListEdit[string]{Mode: bulk.AddRemove, Add: add, Remove: remove}
	}
	return bulk.ListEdit[string]{}
}
