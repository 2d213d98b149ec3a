package bulkedit

import (
	"rdash/internal/bulk"
	"rdash/ui/applyflow"
)

// differNote says, above the results, how many versions the server holds
// otherwise than the run meant; each says how under its row (≠).
func differNote(entries []*bulk.Entry) []string {
	n := 0
	for _, e := range entries {
		for _, o := range e.Outcomes {
			if len(o.Differences) > 0 && o.Status != bulk.StatusNotApplied {
				n++
			}
		}
	}
	if n == 0 {
		return nil
	}
	return []string{"The server holds " + applyflow.CountVersions(n) + " otherwise than planned: see ≠ below."}
}
