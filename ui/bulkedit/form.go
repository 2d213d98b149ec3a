package bulkedit

import (
	"errors"
	"strings"

	"charm.land/bubbles/v2/textinput"

	"rdash/api"
	"rdash/internal/bulk"
	"rdash/internal/explain"
	"rdash/internal/safe"
	"rdash/ui/common"
)

// field is a section of the form: one field of PATCH …/versions, or the
// preview button at the end.
type field int

const (
	fieldChannel field = iota
	fieldName
	fieldChangelog
	fieldGame
	fieldPlatforms
	fieldDeps
	fieldButton
)

// part is one control of a field.
type part int

const (
	partMode   part = iota // the ‹choice› on the field's own line
	partText               // the name input; the changelog's edit button
	partSet                // game versions: replace with
	partAdd                // game versions: add
	partRemove             // game versions: remove
	partBox                // a platform; row is its index in the platform field's names
	partDepType
	partDepKind
	partDepTarget
	partDepURL
	partNewDep // the "+ add" button under a dependency list
)

// target is a control of the form, by identity, so the focus stays on it
// when lines come and go around it.
type target struct {
	field field
	part  part
	list  depList // dependencies: which list
	row   int     // platform index, or dependency row
}

// form is the bulk edit form. Each list field holds one bulk.Mode and the
// inputs of every mode; only the inputs of the mode chosen go into the
// edit, so a replace and an add/remove on one field cannot both be built.
type form struct {
	s         *common.Styles
	channels  []api.Channel // choices after "keep"
	channel   int           // 0 keeps; otherwise channels[channel-1]
	chanTyped bool          // the channel is typed, in chanText
	chanText  textinput.Model

	nameSet   bool
	name      textinput.Model
	logSet    bool
	changelog string // kept here while the editor is closed

	game gameField
	plat platformField
	deps depsField

	focus target
	// errs holds, per field, the first rule the edit breaks (from
	// Edit.Patch, so it names the field as the interface does).
	errs map[field]string
	// rejected is the field the server refused, and why; refusal is a
	// refusal that names no field of the form.
	rejected *rejection
	refusal  string
	width    int
}

func newForm(s *common.Styles, channels []api.Channel, seenGame []string) *form {
	f := &form{s: s, channels: channels, errs: map[field]string{}}
	f.name = newInput(s, nameHint)
	f.name.CharLimit = 2 * api.MaxNameLength // room to see the rule broken
	f.chanText = newInput(s, chanHint)
	f.game = newGameField(s, seenGame)
	f.plat = newPlatformField()
	f.deps = newDepsField()
	return f
}

// edit is what the form says, as a bulk.Edit.
func (f *form) edit() bulk.Edit {
	var e bulk.Edit
	e.Channel = f.channelRef()
	if f.nameSet {
		e.Name = api.Ptr(strings.TrimSpace(f.name.Value()))
	}
	if f.logSet {
		e.Changelog = api.Ptr(f.changelog)
	}
	e.GameVersions = f.game.edit()
	e.Platforms = f.plat.edit()
	e.Dependencies = f.deps.edit()
	return e
}

// validate checks every dependency row as typed, then the whole edit, and
// keeps each error beside the field it names.
func (f *form) validate() {
	f.deps.validate()
	clear(f.errs)
	if msg := f.channelError(); msg != "" {
		f.errs[fieldChannel] = msg
	}
	_, err := slugsAsIDs(f.edit()).Patch()
	var ve *api.ValidationError
	if !errors.As(err, &ve) {
		return
	}
	fd, ok := fieldOf(ve.Field)
	if !ok || (fd == fieldDeps && f.deps.hasRowError()) {
		return // "nothing to change" is said on submit; rows show their own
	}
	f.errs[fd] = safe.Line(explain.Fields(ve).Error())
}

// fieldOf maps the wire name in a validation error to the form's field.
func fieldOf(wire string) (field, bool) {
	switch {
	case wire == "channel":
		return fieldChannel, true
	case wire == "name":
		return fieldName, true
	case wire == "changelog":
		return fieldChangelog, true
	case strings.Contains(wire, "minecraft_versions"):
		return fieldGame, true
	case strings.Contains(wire, "platforms"):
		return fieldPlatforms, true
	case strings.Contains(wire, "dependencies"):
		return fieldDeps, true
	}
	return 0, false
}

// firstError is the first control with an error, top to bottom.
func (f *form) firstError() (target, string, bool) {
	for _, fd := range []field{fieldChannel, fieldName, fieldChangelog, fieldGame, fieldPlatforms} {
		if msg, ok := f.errs[fd]; ok {
			return target{field: fd, part: f.errorPart(fd)}, msg, true
		}
	}
	if t, msg, ok := f.deps.firstError(); ok {
		return t, msg, true
	}
	if msg, ok := f.errs[fieldDeps]; ok {
		return target{field: fieldDeps}, msg, true
	}
	return target{}, "", false
}

// errorPart is the control to focus for an error of fd.
func (f *form) errorPart(fd field) part {
	switch {
	case fd == fieldName && f.nameSet, fd == fieldChannel && f.chanTyped:
		return partText
	case fd == fieldGame && f.game.mode == bulk.Replace:
		return partSet
	case fd == fieldGame:
		return partAdd
	}
	return partMode
}

// typing reports that keys type text where the focus is: a text field,
// or the Name's "set to" or the Channel's typed choice, beside its field.
func (f *form) typing() bool {
	return f.inputAt(f.focus) != nil || f.focus == nameMode && f.nameSet || f.focus == chanMode && f.chanTyped
}

// dirty reports whether anything was chosen, so leaving asks first.
func (f *form) dirty() bool { return !f.edit().Empty() }

// changedFields counts the fields the edit sets, for the button's label.
func (f *form) changedFields() int {
	e := f.edit()
	n := 0
	for _, set := range []bool{e.Channel != nil, e.Name != nil, e.Changelog != nil,
		e.GameVersions.Mode != bulk.Keep, e.Platforms.Mode != bulk.Keep, e.Dependencies.Mode != bulk.Keep} {
		if set {
			n++
		}
	}
	return n
}

// The fields' hints whole; each field shows as much as its width holds,
// cut at a word (common.SizeInput).
const (
	nameHint = "(the new display name, at most 64 characters)"
	chanHint = "(a channel's slug or ID; the server judges it)"
)

var gameHints = map[part]string{
	partSet: "(the game versions they will have; none clears them)", partAdd: "(game versions to add, e.g. 1.21.5)",
	partRemove: "(game versions to remove)",
}

// newInput returns a one-line text field styled like the dashboard's.
func newInput(s *common.Styles, placeholder string) textinput.Model {
	ti := common.NewInput(s, "› ", placeholder, 256)
	ti.KeyMap.AcceptSuggestion.SetEnabled(false)
	return ti
}

// setStyles restyles every input after a theme change.
func (f *form) setStyles(s *common.Styles) {
	f.s = s
	f.name = common.StyleInput(f.name, s)
	f.chanText = common.StyleInput(f.chanText, s)
	for _, p := range []part{partSet, partAdd, partRemove} {
		in := f.game.input(p)
		*in = common.StyleInput(*in, s)
	}
	for _, rows := range f.deps.lists {
		for _, r := range rows {
			r.target, r.url = common.StyleInput(r.target, s), common.StyleInput(r.url, s)
		}
	}
}
