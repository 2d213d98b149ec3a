package bulkedit

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/textinput"
	"github.com/charmbracelet/x/ansi"

	"rdash/internal/bulk"
	"rdash/ui/common"
)

// Layout of the form: a label column, then the field's ‹choice›, then its
// input; the lines under a field are indented past the label.
const (
	labelWidth  = 17
	choiceWidth = 18
	subIndent   = labelWidth + 2
	subLabel    = 8  // "remove  "
	depIndent   = 8  // "    1.  "
	typeWidth   = 16 // "‹ incompatible ›"
	kindWidth   = 14 // "‹ version ID ›"
	boxWidth    = 18 // "[x] resourcepack  "
	minInput    = 12
)

// line is one line of the form and the controls on it, left to right.
type line struct {
	targets []target
	text    string
}

// lines lays the form out for its width and focus.
func (f *form) lines() []line {
	var out []line
	out = append(out, f.channelLine())
	out = append(out, f.marks(fieldChannel)...)
	out = append(out, f.nameLine())
	out = append(out, f.marks(fieldName)...)
	out = append(out, f.changelogLine())
	out = append(out, f.marks(fieldChangelog)...)
	out = append(out, f.gameLines()...)
	out = append(out, f.platformLines()...)
	out = append(out, f.depLines()...)
	return append(out, line{}, f.buttonLine())
}

func (f *form) label(name string) string {
	return "  " + f.s.Label.Render(common.Fit(name, labelWidth-2))
}

// choice is a ‹value› cycled with ←/→.
func (f *form) choice(t target, value string, width int) string {
	txt := "‹ " + common.Fit(value, width-4) + " ›"
	if f.focus == t && f.s.Theme.NoColor { // marked where reverse video may not show
		return f.s.Cursor.Render("> " + common.Fit(value, width-4) + " <")
	}
	if f.focus == t {
		return f.s.Cursor.Render(txt)
	}
	return f.s.Value.Render(txt)
}

func (f *form) button(t target, text string) string {
	if f.focus == t {
		return f.s.Cursor.Render(text)
	}
	return f.s.Accent.Render(text)
}

func inputView(in *textinput.Model, width int) string {
	return common.Fit(in.View(), width)
}

// errorLines show a broken rule under its control, wrapped to the width
// so the field name and the rule are read whole.
func (f *form) errorLines(indent int, msg string) []line {
	wrapped := strings.Split(ansi.Wrap(msg, max(f.width-indent-2, 20), " "), "\n")
	out := make([]line, len(wrapped))
	for i, w := range wrapped {
		mark := "! "
		if i > 0 {
			mark = "  "
		}
		out[i] = line{text: strings.Repeat(" ", indent) + f.s.Bad.Render(mark+w)}
	}
	return out
}

// hintLines say what the keys do on the focused control, wrapped in the
// room past indent so they are read whole.
func (f *form) hintLines(indent int, msg string) []line {
	var out []line
	for _, w := range strings.Split(ansi.Wrap(msg, max(f.width-indent, 10), " "), "\n") {
		out = append(out, line{text: strings.Repeat(" ", indent) + f.s.Muted.Render(w)})
	}
	return out
}

func (f *form) nameLine() line {
	mode := target{field: fieldName}
	l := line{targets: []target{mode}, text: f.label("Name") + f.choice(mode, setOrKeep(f.nameSet), choiceWidth)}
	if f.nameSet {
		l.targets = append(l.targets, target{field: fieldName, part: partText})
		l.text += "  " + inputView(&f.name, f.fieldInputWidth())
	}
	return l
}

func setOrKeep(set bool) string {
	if set {
		return "set to"
	}
	return "keep"
}

func (f *form) changelogLine() line {
	mode := target{field: fieldChangelog}
	l := line{targets: []target{mode}, text: f.label("Changelog") + f.choice(mode, setOrKeep(f.logSet), choiceWidth)}
	if f.logSet {
		edit := target{field: fieldChangelog, part: partText}
		l.targets = append(l.targets, edit)
		l.text += "  " + f.button(edit, "[ edit ]") + " " + f.s.Muted.Render(changelogSummary(f.changelog))
	}
	return l
}

func changelogSummary(s string) string {
	if strings.TrimSpace(s) == "" {
		return "empty: clears the changelog"
	}
	lines, chars := strings.Count(strings.TrimRight(s, "\n"), "\n")+1, len([]rune(s))
	return common.Plural(lines, "line") + ", " + common.Plural(chars, "character")
}

func (f *form) gameLines() []line {
	mode := target{field: fieldGame}
	out := []line{{targets: []target{mode}, text: f.label("Game versions") + f.choice(mode, modes[f.game.mode], choiceWidth)}}
	parts := map[bulk.Mode][]part{bulk.Replace: {partSet}, bulk.AddRemove: {partAdd, partRemove}}[f.game.mode]
	for _, p := range parts {
		t := target{field: fieldGame, part: p}
		name := map[part]string{partSet: "with", partAdd: "add", partRemove: "remove"}[p]
		text := strings.Repeat(" ", subIndent) + f.s.Label.Render(common.Fit(name, subLabel)) +
			inputView(f.game.input(p), f.subInputWidth())
		out = append(out, line{targets: []target{t}, text: text})
		if f.focus == t {
			if sug := f.game.suggestions(p); len(sug) > 0 {
				out = append(out, f.hintLines(subIndent+subLabel, "tab: "+strings.Join(sug[:min(len(sug), 8)], "  "))...)
			}
		}
	}
	out = append(out, f.marks(fieldGame)...)
	return out
}

func (f *form) platformLines() []line {
	mode := target{field: fieldPlatforms}
	out := []line{{targets: []target{mode}, text: f.label("Platforms") + f.choice(mode, modes[f.plat.mode], choiceWidth)}}
	if f.plat.mode == bulk.Keep {
		return out
	}
	perLine := max(1, (f.width-subIndent)/boxWidth)
	focused := false
	for start := 0; start < len(f.plat.names); start += perLine {
		l := line{text: strings.Repeat(" ", subIndent)}
		for i := start; i < min(start+perLine, len(f.plat.names)); i++ {
			t := target{field: fieldPlatforms, part: partBox, row: i}
			cell := f.plat.box(i) + " " + f.plat.names[i]
			if f.focus == t {
				if f.s.Theme.NoColor { // marked where reverse video may not show
					cell = ">" + cell
				}
				cell, focused = f.s.Cursor.Render(cell), true
			}
			l.targets = append(l.targets, t)
			l.text += common.Fit(cell, boxWidth)
		}
		out = append(out, l)
	}
	if focused {
		hint := "space ticks the platforms the versions will have; the others go"
		if f.plat.mode == bulk.AddRemove {
			hint = "space: leave [ ] → add [+] → remove [-]"
		}
		out = append(out, f.hintLines(subIndent, hint)...)
	}
	out = append(out, f.marks(fieldPlatforms)...)
	return out
}

func (f *form) depLines() []line {
	mode := target{field: fieldDeps}
	out := []line{{targets: []target{mode}, text: f.label("Dependencies") + f.choice(mode, modes[f.deps.mode], choiceWidth)}}
	for _, l := range f.deps.shown() {
		if f.deps.mode == bulk.AddRemove {
			out = append(out, line{text: strings.Repeat(" ", subIndent) + f.s.Label.Render(l.title())})
		}
		for i, r := range f.deps.lists[l] {
			out = append(out, f.depRowLine(l, i, r))
			if r.err != "" {
				out = append(out, f.errorLines(depIndent, r.err)...)
			}
		}
		add := target{field: fieldDeps, part: partNewDep, list: l}
		out = append(out, line{targets: []target{add}, text: strings.Repeat(" ", depIndent) + f.button(add, "[ + row ]")})
	}
	out = append(out, f.marks(fieldDeps)...)
	return out
}

func (f *form) depRowLine(l depList, i int, r *depRow) line {
	at := func(p part) target { return target{field: fieldDeps, part: p, list: l, row: i} }
	ts := []target{at(partDepType), at(partDepKind), at(partDepTarget)}
	text := common.Fit(fmt.Sprintf("    %d.", i+1), depIndent) +
		f.choice(ts[0], f.deps.types[r.typ], typeWidth) + " " +
		f.choice(ts[1], depKinds[r.kind], kindWidth) + " "
	tw, uw := f.depInputWidths(l, r)
	text += inputView(&r.target, tw)
	if uw > 0 {
		ts = append(ts, at(partDepURL))
		text += f.s.Label.Render(" url ") + inputView(&r.url, uw)
	}
	return line{targets: ts, text: text}
}

// buttonLine is the Preview button and what it does; the summary drops
// its least needed words rather than be cut where the form is narrow.
func (f *form) buttonLine() line {
	t := target{field: fieldButton}
	summaries := []string{"nothing chosen yet: every field keeps its value", "nothing chosen yet"}
	if n := f.changedFields(); n > 0 {
		set := common.Plural(n, "field") + " set"
		summaries = []string{set + " · enter previews, nothing is sent yet", set + " · enter previews", set}
	}
	head := "  " + f.button(t, "[ Preview ]") + "  "
	summary := summaries[len(summaries)-1]
	for _, s := range summaries {
		if ansi.StringWidth(head+s) <= f.width {
			summary = s
			break
		}
	}
	return line{targets: []target{t}, text: head + f.s.Muted.Render(summary)}
}

// Widths of the inputs, from the form's width.

func (f *form) fieldInputWidth() int { return max(f.width-labelWidth-choiceWidth-2, minInput) }

func (f *form) subInputWidth() int { return max(f.width-subIndent-subLabel, minInput) }

// depInputWidths splits what is left of a dependency row between the
// reference and, for an external dependency to add or set, its URL.
func (f *form) depInputWidths(l depList, r *depRow) (target, url int) {
	room := max(f.width-depIndent-typeWidth-kindWidth-2, minInput)
	if r.kind != kindExternal || l == listRemove {
		return min(room, 24), 0
	}
	target = max(room*2/5, minInput)
	return target, max(room-target-5, minInput)
}

// resize gives every input the width its cell shows, less the prompt and
// the cursor, so the text scrolls inside the cell.
func (f *form) resize(width int) {
	f.width = width
	common.SizeInput(&f.name, f.fieldInputWidth()-3, nameHint)
	common.SizeInput(&f.chanText, f.fieldInputWidth()-3, chanHint)
	for _, p := range []part{partSet, partAdd, partRemove} {
		common.SizeInput(f.game.input(p), f.subInputWidth()-3, gameHints[p])
	}
	for l, rows := range f.deps.lists {
		for _, r := range rows {
			tw, uw := f.depInputWidths(depList(l), r)
			r.target.SetWidth(tw - 3)
			r.url.SetWidth(max(uw-3, 1))
		}
	}
}

// plural is one or many by n, for words that agree with a count ("is",
// "are"); counts themselves are common.Plural.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
