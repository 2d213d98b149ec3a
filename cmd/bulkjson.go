package cmd

import (
	"strings"

	"rdash/api"
	"rdash/internal/bulk"
)

// bulkJSON is what versions edit, delete and undo print: the preview of
// every version, then what sending did.
type bulkJSON struct {
	Project string        `json:"project"`
	DryRun  bool          `json:"dry_run"`
	Preview []previewJSON `json:"preview"`
	// Unchanged are the versions that already have the values: not sent.
	Unchanged []string   `json:"unchanged"`
	Kept      []keptJSON `json:"kept"` // undo: fields changed since the edit, left as they are
	Gone      []string   `json:"gone"` // undo: versions deleted since the edit
	// Parts is how the change goes in requests; nil when none would go.
	Parts *partsJSON `json:"parts"`
	// Applied is true when at least one version was changed.
	Applied bool `json:"applied"`
	// Journal is the journal entry that records the change, for undo.
	Journal  nullString    `json:"journal"`
	Outcomes []outcomeJSON `json:"outcomes"`
}

// newBulkJSON is a bulkJSON with every list empty, not null.
func newBulkJSON(project string, dryRun bool, preview []previewJSON) bulkJSON {
	return bulkJSON{Project: project, DryRun: dryRun, Preview: nonNilSlice(preview), Unchanged: []string{},
		Kept: []keptJSON{}, Gone: []string{}, Outcomes: []outcomeJSON{}}
}

// partsJSON is how a bulk change goes in requests ("parts"), each all or
// nothing while the change as a whole is not: how many are planned, the
// IDs in the largest, how many were sent in the end (null before), and
// the parts that failed.
type partsJSON struct {
	Planned int              `json:"planned"`
	Largest int              `json:"largest"`
	Sent    *int             `json:"sent"`
	Failed  []failedPartJSON `json:"failed"`
}

// failedPartJSON is a part that failed: its number among those planned
// (from 1; a half of a part refused for its size has its part's), its
// IDs and why.
type failedPartJSON struct {
	Part  int      `json:"part"`
	IDs   []string `json:"ids"`
	Error string   `json:"error"`
}

// partsOf is the plan before sending; nil when nothing would be sent.
func partsOf(p bulk.Parts) *partsJSON {
	if len(p) == 0 {
		return nil
	}
	return &partsJSON{Planned: len(p), Largest: p.Largest(), Failed: []failedPartJSON{}}
}

// reportParts puts what rec saw of the run planned in p into parts (the
// JSON's, from partsOf), each failure in w's words, and returns the
// results' note ("" for a run in one part).
func reportParts(p bulk.Parts, parts *partsJSON, rec *bulk.PartsRecorder, w refusalWords) string {
	sent, failed := rec.Sent()
	if parts != nil {
		parts.Sent = &sent
		for _, f := range failed {
			parts.Failed = append(parts.Failed, failedPartJSON{Part: p.Number(f), IDs: f.IDs, Error: w.say(f.Err)})
		}
	}
	return p.Note(sent, failed, "listed above")
}

// partReasons are the errors of the parts rec saw fail, in w's words, by
// version ID.
func partReasons(rec *bulk.PartsRecorder, w refusalWords) map[string]string {
	_, failed := rec.Sent()
	out := map[string]string{}
	for _, f := range failed {
		for _, id := range f.IDs {
			out[id] = w.say(f.Err)
		}
	}
	return out
}

type previewJSON struct {
	ID      string       `json:"id"`
	Version string       `json:"version"`
	Changes []changeJSON `json:"changes"`
	// Problem is why the service would refuse this version's change.
	Problem nullString `json:"problem"`
}

// changeJSON is one field before and after: a string for channel (its
// slug), name, changelog and version, an array for game_versions,
// platforms and dependencies.
type changeJSON struct {
	Field  string `json:"field"`
	Before any    `json:"before"`
	After  any    `json:"after"`
}

type keptJSON struct {
	ID      string `json:"id"`
	Version string `json:"version"`
	Field   string `json:"field"`
}

// outcomeJSON is one version's result. Status is updated, deleted,
// not_applied or unknown; not_sent says a version not applied was never
// sent, and retry that sending it again may help.
type outcomeJSON struct {
	ID      string     `json:"id"`
	Version string     `json:"version"`
	Status  string     `json:"status"`
	Error   nullString `json:"error"`
	Retry   bool       `json:"retry"`
	NotSent bool       `json:"not_sent"`
	// Differences say how what the server holds differs from the plan.
	Differences []string `json:"differences"`
}

func previewOf(changes []bulk.Change) []previewJSON {
	out := make([]previewJSON, len(changes))
	for i, c := range changes {
		out[i] = previewJSON{ID: c.Before.ID, Version: c.Before.Version,
			Changes: changesOut(c.Fields, c.Before, c.After), Problem: nullString(c.Problem)}
	}
	return out
}

// changesOut are the fields that change, with their values before and
// after as values, not the preview's display text.
func changesOut(fields []bulk.FieldChange, before, after api.Version) []changeJSON {
	out := make([]changeJSON, len(fields))
	for i, fc := range fields {
		out[i] = changeJSON{Field: strings.ReplaceAll(fc.Field, " ", "_"),
			Before: fieldValue(fc.Field, before), After: fieldValue(fc.Field, after)}
	}
	return out
}

// fieldValue is the value of the field bulk.Diff names field.
func fieldValue(field string, v api.Version) any {
	switch field {
	case "version":
		return v.Version
	case "channel":
		return v.Channel.Slug
	case "name":
		return v.Name
	case "changelog":
		return v.Changelog
	case "game versions":
		return nonNilSlice(v.MinecraftVersions)
	case "platforms":
		return nonNilSlice(v.Platforms)
	case "dependencies":
		return dependenciesOut(v.Dependencies)
	}
	return nil
}

func keptOut(kept []bulk.Kept) []keptJSON {
	out := make([]keptJSON, len(kept))
	for i, k := range kept {
		out[i] = keptJSON{ID: k.ID, Version: k.Version, Field: strings.ReplaceAll(k.Field, " ", "_")}
	}
	return out
}

func outcomesOut(outcomes []bulk.Outcome) []outcomeJSON {
	out := make([]outcomeJSON, len(outcomes))
	for i, o := range outcomes {
		out[i] = outcomeJSON{ID: o.ID, Version: o.Version, Status: strings.ReplaceAll(string(o.Status), " ", "_"),
			Error: nullString(o.Error), Retry: o.Retry, NotSent: o.NotSent, Differences: nonNilSlice(o.Differences)}
	}
	return out
}
