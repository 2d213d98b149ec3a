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

// depList is one list of dependency rows: the replacement, or those to add
// or to remove.
type depList int

const (
	listSet depList = iota
	listAdd
	listRemove
)

// wirePrefix is how the interface names the list: dependencies,
// add_dependencies, remove_dependencies.
func (l depList) wirePrefix() string { return [...]string{"", "add_", "remove_"}[l] }

func (l depList) title() string { return [...]string{"with", "add", "remove"}[l] }

// depKinds are what a row references: exactly one, by construction.
var depKinds = []string{"project", "version ID", "external"}

const kindExternal = 2

// depRow is one dependency being typed: its type, what it references, and
// the reference (an ID, or an external name with an optional URL).
type depRow struct {
	typ, kind   int
	target, url textinput.Model
	err         string // the rule it breaks, named as the interface names it
}

func newDepRow(s *common.Styles) *depRow {
	r := &depRow{target: newInput(s, ""), url: newInput(s, "(optional)")}
	r.setKind(0)
	r.target.CharLimit = 2 * api.MaxDependencyNameLength
	return r
}

// setKind changes what the row references and the target's hint.
func (r *depRow) setKind(k int) {
	r.kind = k
	r.target.Placeholder = [...]string{"(slug or ID)", "(8-character ID)", "(name)"}[k]
}

func (r *depRow) blank() bool {
	return strings.TrimSpace(r.target.Value()) == "" && strings.TrimSpace(r.url.Value()) == ""
}

// dependency is row r of list l as the interface's object. A row to
// remove has no URL: removal matches type and reference.
func (d *depsField) dependency(r *depRow, l depList) api.Dependency {
	dep := api.Dependency{Type: d.types[r.typ]}
	v := strings.TrimSpace(r.target.Value())
	switch r.kind {
	case 0:
		dep.ProjectID = v
	case 1:
		dep.VersionID = v
	default:
		dep.Name = v
		if l != listRemove {
			dep.URL = strings.TrimSpace(r.url.Value())
		}
	}
	return dep
}

// depsField edits dependencies as rows; blank rows are left out.
type depsField struct {
	types []string // what a row's type cycles through, in display order
	mode  bulk.Mode
	lists [3][]*depRow
}

func newDepsField() depsField { return depsField{types: api.AllDependencyTypes()} }

// shown is the lists the mode uses.
func (d *depsField) shown() []depList {
	switch d.mode {
	case bulk.Replace:
		return []depList{listSet}
	case bulk.AddRemove:
		return []depList{listAdd, listRemove}
	}
	return nil
}

// setMode switches mode and gives each list it shows a first row to type in.
func (d *depsField) setMode(m bulk.Mode, s *common.Styles) {
	d.mode = m
	for _, l := range d.shown() {
		if len(d.lists[l]) == 0 {
			d.lists[l] = append(d.lists[l], newDepRow(s))
		}
	}
}

// dependencies are the non-blank rows of l, as sent.
func (d *depsField) dependencies(l depList) []api.Dependency {
	var out []api.Dependency
	for _, r := range d.lists[l] {
		if !r.blank() {
			out = append(out, d.dependency(r, l))
		}
	}
	return out
}

func (d *depsField) edit() bulk.ListEdit[api.Dependency] {
	switch d.mode {
	case bulk.Replace:
		set := d.dependencies(listSet)
		if set == nil {
			set = []api.Dependency{}
		}
		return bulk.ListEdit[api.Dependency]{Mode: bulk.Replace, Set: set}
	case bulk.AddRemove:
		add, remove := d.dependencies(listAdd), d.dependencies(listRemove)
		if len(add)+len(remove) > 0 {
			return bulk.ListEdit[api.Dependency]{Mode: bulk.AddRemove, Add: add, Remove: remove}
		}
	}
	return bulk.ListEdit[api.Dependency]{}
}

// validate checks each row with api.ValidateDependency as it is typed. The
// index is the row's place among the rows sent, so the name matches what
// the server would say.
func (d *depsField) validate() {
	for l, rows := range d.lists {
		i := 0
		for _, r := range rows {
			r.err = ""
			if r.blank() {
				continue
			}
			dep := d.dependency(r, depList(l))
			if isSlug(dep.ProjectID) {
				dep.ProjectID = strings.Repeat("x", api.IDLength) // a slug: its ID is looked up for the preview
			}
			if err := api.ValidateDependency(i, dep); err != nil {
				r.err = safe.Line(describeRule(depList(l).wirePrefix(), err))
			}
			i++
		}
	}
}

// describeRule is "field: rule" for a validation error of the list
// named with prefix, the field named by its label ("Dependency 1 to add,
// version ID").
func describeRule(prefix string, err error) string {
	var ve *api.ValidationError
	if errors.As(err, &ve) {
		return explain.Fields(&api.ValidationError{Field: prefix + ve.Field, Rule: ve.Rule}).Error()
	}
	return err.Error()
}

func (d *depsField) hasRowError() bool {
	_, _, ok := d.firstError()
	return ok
}

// firstError is the first row, in the lists shown, that breaks a rule.
func (d *depsField) firstError() (target, string, bool) {
	for _, l := range d.shown() {
		for i, r := range d.lists[l] {
			if r.err != "" {
				return target{field: fieldDeps, part: partDepTarget, list: l, row: i}, r.err, true
			}
		}
	}
	return target{}, "", false
}

// row returns the row a target points at, or nil.
func (d *depsField) row(t target) *depRow {
	if t.field != fieldDeps || t.part < partDepType || t.part > partDepURL || t.row >= len(d.lists[t.list]) {
		return nil
	}
	return d.lists[t.list][t.row]
}

func (d *depsField) addRow(l depList, s *common.Styles) int {
	d.lists[l] = append(d.lists[l], newDepRow(s))
	return len(d.lists[l]) - 1
}

func (d *depsField) removeRow(l depList, i int) {
	d.lists[l] = append(d.lists[l][:i:i], d.lists[l][i+1:]...)
}
