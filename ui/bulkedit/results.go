package bulkedit

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"rdash/internal/bulk"
	"rdash/internal/safe"
	"rdash/ui/common"
)

// results are the outcomes of a run and of its retries, by version.
type results struct {
	kind     kind // what the outcomes are of: an undo reads "undone"
	order    []string
	byID     map[string]bulk.Outcome
	journal  []string // the journal entries written
	retrying bool
}

func newResults(k kind) *results {
	return &results{kind: k, byID: map[string]bulk.Outcome{}}
}

// add records the outcomes of entries; a retry's replace the earlier ones.
func (r *results) add(entries []*bulk.Entry) {
	for _, e := range entries {
		r.journal = append(r.journal, e.ID)
		for _, o := range e.Outcomes {
			if _, ok := r.byID[o.ID]; !ok {
				r.order = append(r.order, o.ID)
			}
			r.byID[o.ID] = o
		}
	}
}

func bad(s bulk.Status) bool { return s == bulk.StatusNotApplied || s == bulk.StatusUnknown }

// failed is the versions that did not end as intended.
func (r *results) failed() map[string]bool {
	out := map[string]bool{}
	for id, o := range r.byID {
		if bad(o.Status) {
			out[id] = true
		}
	}
	return out
}

// any reports whether some version ended with status s.
func (r *results) any(s bulk.Status) bool {
	for _, o := range r.byID {
		if o.Status == s {
			return true
		}
	}
	return false
}

// label is how a status reads: an undo's updates are "undone".
func (r *results) label(s bulk.Status) string {
	if r.kind == kindUndo && s == bulk.StatusUpdated {
		return "undone"
	}
	return string(s)
}

// summary counts the outcomes: "9 updated · 2 not applied · 1 unknown".
func (r *results) summary() string {
	counts := map[bulk.Status]int{}
	for _, o := range r.byID {
		counts[o.Status]++
	}
	var parts []string
	for _, s := range []bulk.Status{bulk.StatusUpdated, bulk.StatusDeleted, bulk.StatusNotApplied, bulk.StatusUnknown} {
		if counts[s] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[s], r.label(s)))
		}
	}
	if len(parts) == 0 {
		return "nothing was sent"
	}
	return strings.Join(parts, " · ")
}

// lines lists each version's outcome, those that failed first.
func (r *results) lines(s *common.Styles, width int) []string {
	var failed, fine []string
	for _, id := range r.order {
		o := r.byID[id]
		status := common.Fit(r.label(o.Status), 12)
		row := common.Fit(safe.Line(o.Version), 16) + " " + s.Muted.Render(safe.Line(o.ID))
		if !bad(o.Status) {
			fine = append(fine, "  "+s.Good.Render(status)+" "+row)
			continue
		}
		failed = append(failed, common.Cut(s.Bad.Render("✗ "+status)+" "+row, width))
		if o.Error != "" {
			failed = append(failed, common.Cut("    "+s.Muted.Render(safe.Line(reason(o.Error))), width))
		}
	}
	return append(failed, fine...)
}

// reason is the server's reason in an outcome's error, which reads
// "PATCH /path: 403 …": the method and path are the same on every row.
func reason(err string) string {
	method, rest, _ := strings.Cut(err, " ")
	if method != "" && strings.ToUpper(method) == method && strings.HasPrefix(rest, "/") {
		if _, r, ok := strings.Cut(rest, ": "); ok {
			return r
		}
	}
	return err
}

// canUndo reports whether u would undo something edited on this screen.
func (m *Model) canUndo() bool {
	return m.stage == stageResults && !m.undone && m.results.kind == kindEdit &&
		m.results.any(bulk.StatusUpdated)
}

// undoHere previews the undo of the edits made on this screen, once their
// current values are read.
func (m *Model) undoHere() tea.Cmd {
	m.undoing = m.undoing[:0]
	for i := len(m.entries) - 1; i >= 0; i-- {
		m.undoing = append(m.undoing, m.entries[i])
	}
	m.stage, m.scroll, m.asking = stagePreview, 0, false
	return m.loadForUndo()
}
