package explain

import (
	"strconv"
	"strings"

	"rdash/internal/safe"
)

// Flags name a command's request fields by the flags or arguments the
// user typed, keyed by Path.Key: {"add_minecraft_versions":
// "--add-game-version"}. The dashboard names the same fields by its form
// labels (Label); a command names them by its flags, so a refusal says
// "--add-game-version value 1" where the dashboard says "Game version 1
// to add". A key ending in [] names the field's items when they come from
// another flag than the whole field: an update's "files" is --remove-file
// (the only way it lists no file), its "files[]" --file or --url.
type Flags map[string]string

// Name is the flag that gave the field wire, with the value's place when
// wire is one item of a list ("--add-game-version value 1") and the item's
// part ("--dependency value 2, URL"); ok is false when the command has no
// flag for it.
func (fl Flags) Name(wire string) (string, bool) {
	p, ok := ParsePath(wire)
	if !ok {
		return "", false
	}
	return fl.name(p)
}

// flag is the flag that gives p: its items' when p is an item and they
// have one of their own.
func (fl Flags) flag(p Path) (string, bool) {
	if f, ok := fl[p.Key()+"[]"]; ok && p.Item > 0 {
		return f, true
	}
	f, ok := fl[p.Key()]
	return f, ok
}

func (fl Flags) name(p Path) (string, bool) {
	flag, ok := fl.flag(p)
	if !ok {
		return "", false
	}
	if p.Item > 0 {
		flag += " value " + strconv.Itoa(p.Item)
	}
	if p.Part != "" {
		flag += ", " + partLabel(p.Part)
	}
	return flag, true
}

// Rule is "NAME: rule" for a refusal of field wire, by the command's
// flags; the fields the rule itself names are its flags too. A field the
// command has no flag for is named by its label, as the dashboard names
// it. When the rule quotes the value (a file's name), that is clearer than
// its place in a list, so the place is left out.
func (fl Flags) Rule(wire, rule string) string {
	rule = namesInRule(rule, func(p Path) string {
		if s, ok := fl.name(p); ok {
			return s
		}
		return labelOf(p)
	})
	name, ok := fl.Name(wire)
	if !ok {
		name = Label(wire)
	} else if p, _ := ParsePath(wire); p.Item > 0 && strings.Contains(rule, `"`) {
		name, _ = fl.flag(p)
	}
	return name + ": " + safe.PlainLine(rule)
}

// partLabel names a part of a dependency.
func partLabel(part string) string {
	if s, ok := subLabels[part]; ok {
		return s
	}
	return part
}
