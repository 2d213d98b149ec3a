package applyflow

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"rdash/internal/safe"
	"rdash/ui/common"
)

// results are the outcomes of a run and of its retries, by version.
type results struct {
	words  Words
	order  []string
	byID   map[string]Outcome
	record []string
	notes  []string // the last run's Report.Notes
}

func newResults(w Words) *results {
	return &results{words: w, byID: map[string]Outcome{}}
}

// add records the outcomes of a report; a retry's replace the earlier ones.
func (r *results) add(rep Report) {
	r.record = append(r.record, rep.Record...)
	r.notes = rep.Notes
	for _, o := range rep.Outcomes {
		if _, ok := r.byID[o.ID]; !ok {
			r.order = append(r.order, o.ID)
		}
		r.byID[o.ID] = o
	}
}

// retryable is the versions that did not end as intended and that
// sending again may mend: those r sends again.
func (r *results) retryable() map[string]bool {
	out := map[string]bool{}
	for id, o := range r.byID {
		if o.Failed && o.Retry {
			out[id] = true
		}
	}
	return out
}

// refused counts the versions that did not end as intended and would
// fail the same way if sent again.
func (r *results) refused() int {
	n := 0
	for _, o := range r.byID {
		if o.Failed && !o.Retry {
			n++
		}
	}
	return n
}

// anyFailed reports that a version did not end as intended.
func (r *results) anyFailed() bool {
	for _, o := range r.byID {
		if o.Failed {
			return true
		}
	}
	return false
}

// summary counts the outcomes by status, those that went well first:
// "9 updated · 2 not applied · 1 unknown".
func (r *results) summary() string {
	counts := map[string]int{}
	var kinds []Outcome
	for _, id := range r.order {
		o := r.byID[id]
		if counts[o.Status] == 0 {
			kinds = append(kinds, o)
		}
		counts[o.Status]++
	}
	if len(kinds) == 0 {
		return "nothing was sent"
	}
	slices.SortFunc(kinds, func(a, b Outcome) int {
		if a.Failed != b.Failed {
			if a.Failed {
				return 1
			}
			return -1
		}
		return cmp.Compare(a.Status, b.Status)
	})
	parts := make([]string, len(kinds))
	for i, o := range kinds {
		parts[i] = fmt.Sprintf("%d %s", counts[o.Status], o.Status)
	}
	return strings.Join(parts, " · ")
}

// lines lists each version's outcome, those that failed first, the one
// picked (by a click) marked; rows says which outcome (an index of
// order) each line belongs to, for a click.
func (r *results) lines(s *common.Styles, width int, picked string) (lines []string, rows []int) {
	var failed, fine []string
	var failedRows, fineRows []int
	for i, id := range r.order {
		o := r.byID[id]
		status := common.Fit(safe.Line(o.Status), 12)
		row := common.Fit(safe.Line(o.Name), 16) + " " + s.Muted.Render(safe.Line(o.ID))
		if id == picked {
			row = s.Cursor.Render(ansi.Strip(row))
		}
		if !o.Failed {
			out := append([]string{"  " + s.Good.Render(status) + " " + row}, differs(s, o, width)...)
			fine = append(fine, out...)
			for range out {
				fineRows = append(fineRows, i)
			}
			continue
		}
		out := append([]string{common.Cut(s.Bad.Render("✗ "+status)+" "+row, width)}, differs(s, o, width)...)
		if o.Error != "" {
			out = append(out, indented(s.Muted.Render(safe.Line(o.Error)), width)...)
		}
		if o.Fix != "" {
			out = append(out, indented(s.Warn.Render("→ "+safe.Line(o.Fix)), width)...)
		}
		failed = append(failed, out...)
		for range out {
			failedRows = append(failedRows, i)
		}
	}
	return append(failed, fine...), append(failedRows, fineRows...)
}

// differs are an outcome's differences from the plan, each marked ≠.
func differs(s *common.Styles, o Outcome, width int) []string {
	var out []string
	for _, d := range o.Differs {
		out = append(out, indented(s.Warn.Render("≠ "+safe.Line(d)), width)...)
	}
	return out
}

// indented wraps text to width under a four-space indent, so a reason or
// a fix is read whole.
func indented(text string, width int) []string {
	out := wrap([]string{text}, max(width-4, 8))
	for i, l := range out {
		out[i] = "    " + l
	}
	return out
}
