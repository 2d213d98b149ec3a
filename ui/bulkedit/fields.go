package bulkedit

import (
	"charm.land/bubbles/v2/textinput"

	"rdash/api"
	"rdash/internal/bulk"
	"rdash/ui/common"
)

// modes are the choices of a list field, in bulk.Mode order.
var modes = []string{"keep", "replace with", "add and remove"}

// gameField edits game versions: lists typed with tab completion from the
// game versions seen. An empty token is not completed, so tab moves on.
type gameField struct {
	mode             bulk.Mode
	set, add, remove textinput.Model
	seen             []string // newest first
	comp             common.Completion
}

func newGameField(s *common.Styles, seen []string) gameField {
	return gameField{
		set:    newInput(s, gameHints[partSet]),
		add:    newInput(s, gameHints[partAdd]),
		remove: newInput(s, gameHints[partRemove]),
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
		return bulk.ListEdit[string]{Mode: bulk.Replace, Set: nonNil(common.SplitList(g.set.Value()))}
	case bulk.AddRemove:
		add, remove := common.SplitList(g.add.Value()), common.SplitList(g.remove.Value())
		if len(add) == 0 && len(remove) == 0 {
			return bulk.ListEdit[string]{} // nothing typed yet: nothing to send
		}
		return bulk.ListEdit[string]{Mode: bulk.AddRemove, Add: add, Remove: remove}
	}
	return bulk.ListEdit[string]{}
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// complete replaces the token being typed in the input of p with the next
// seen game version that starts with it. It reports false when there is
// nothing to complete, so tab can move on instead.
func (g *gameField) complete(p part) bool { return g.comp.Complete(g.input(p), g.seen) }

// suggestions are the completions of what is typed in the input of p.
func (g *gameField) suggestions(p part) []string {
	return g.comp.Suggestions(g.input(p).Value(), g.seen)
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
	names   []string // the platform enumeration, in its order
	mode    bulk.Mode
	checked map[string]bool
	op      map[string]platformOp
}

func newPlatformField() platformField {
	return platformField{names: api.AllPlatforms(), checked: map[string]bool{}, op: map[string]platformOp{}}
}

func (p *platformField) toggle(i int) {
	name := p.names[i]
	if p.mode == bulk.Replace {
		p.checked[name] = !p.checked[name]
		return
	}
	p.op[name] = (p.op[name] + 1) % 3
}

// box is the platform's check box: [x] ticked, [+] added, [-] removed.
func (p *platformField) box(i int) string {
	name := p.names[i]
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
	for _, name := range p.names {
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
