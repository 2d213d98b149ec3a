package explain

import (
	"strconv"
	"strings"
)

// Path is a field of a request as a refusal names it:
// "data.add_minecraft_versions[0]" is the field minecraft_versions, the
// list operation add, its first item; "dependencies[1].url" the part url
// of the second dependency.
type Path struct {
	Field string // minecraft_versions
	Op    string // add or remove, "" for the field itself
	Item  int    // the item, counted from 1; 0 for the whole field
	Part  string // a part of the item (a dependency's url)
}

// ParsePath reads wire as a Path: an optional "data.", a name of letters
// and _, an optional [n] and an optional .part; ok is false for anything
// else, which names no field of a request.
func ParsePath(wire string) (p Path, ok bool) {
	rest := strings.TrimPrefix(wire, "data.")
	name, rest := cutWord(rest)
	if name == "" {
		return Path{}, false
	}
	if after, found := strings.CutPrefix(rest, "["); found {
		n, tail, closed := strings.Cut(after, "]")
		i, err := strconv.Atoi(n)
		if !closed || err != nil || i < 0 || n != strconv.Itoa(i) {
			return Path{}, false
		}
		p.Item, rest = i+1, tail
	}
	if after, found := strings.CutPrefix(rest, "."); found {
		p.Part, rest = cutWord(after)
		if p.Part == "" || strings.ContainsAny(p.Part, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
			return Path{}, false
		}
	}
	if rest != "" {
		return Path{}, false
	}
	p.Field = name
	for _, op := range []string{"add", "remove"} {
		if f, found := strings.CutPrefix(name, op+"_"); found {
			p.Field, p.Op = f, op
		}
	}
	return p, true
}

// cutWord splits s after its leading letters and underscores.
func cutWord(s string) (word, rest string) {
	i := strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '_')
	})
	if i < 0 {
		return s, ""
	}
	return s[:i], s[i:]
}

// Key is the field with its operation, as a command's Flags name it:
// "add_minecraft_versions".
func (p Path) Key() string {
	if p.Op == "" {
		return p.Field
	}
	return p.Op + "_" + p.Field
}

// namesInRule puts in place of each field a rule mentions ("repeats
// data.files[0]") what name makes of it ("" leaves it as it is), and a
// dependency's target by its label ("one of version_id, project_id or
// name" reads "one of a version ID, a project ID or name"). Only words
// that can be nothing but a field are read: an item ("files[0]") or a
// "data." name.
func namesInRule(rule string, name func(p Path) string) string {
	words := strings.SplitAfter(rule, " ")
	for i, w := range words {
		core := strings.TrimRight(w, " ,;:)")
		lead := strings.TrimLeft(core, "(")
		s := ""
		if lead == "version_id" || lead == "project_id" {
			s = "a " + subLabels[lead]
		} else if p, ok := ParsePath(lead); ok && (strings.Contains(lead, "[") || strings.HasPrefix(lead, "data.")) {
			s = name(p)
		}
		if s != "" {
			words[i] = core[:len(core)-len(lead)] + s + w[len(core):]
		}
	}
	return strings.Join(words, "")
}
