package bulk

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"

	"rdash/api"
)

// Kinds of journal entries.
const (
	KindEdit   = "edit"
	KindDelete = "delete"
)

// Entry is one bulk operation: the old values of every affected version,
// written before anything is sent, and the outcome once known.
//
// In memory, Before and After are the versions as a run has them. The
// journal keeps of an edit only what an undo needs (see compact): each
// version's ID and version string and, of the fields the edit changes,
// the old and the new value. A deletion is kept whole, for the record.
type Entry struct {
	ID      string         `json:"id"`
	Time    time.Time      `json:"time"`
	Kind    string         `json:"kind"`
	Project string         `json:"project"`
	Patch   *api.BulkPatch `json:"patch,omitempty"`
	Before  []api.Version  `json:"before"`
	// After is each version as the server holds it once the run has
	// ended (its answer, or a read after it: see Runner.settle), so an
	// undo restores from the truth; until then, and for a version whose
	// outcome is not known, the values the plan expects.
	After    []api.Version `json:"after,omitempty"`
	Outcomes []Outcome     `json:"outcomes,omitempty"`
	// Kept are the fields an undo left alone because they changed since.
	Kept []Kept `json:"kept,omitempty"`
	// Returned are the versions as the server answered, for this run only.
	Returned []api.Version `json:"-"`
	// UndoneBy is the ID of the entry that undid this one.
	UndoneBy string `json:"undone_by,omitempty"`
	// Undoes is the ID of the entry this one undid.
	Undoes string `json:"undoes,omitempty"`

	// dropped is set once the journal no longer holds the entry: nothing
	// it sent was applied (see Runner.run).
	dropped bool
}

// InJournal reports whether the journal holds the entry: false for one
// that was never written or was removed because nothing it sent changed.
func (e *Entry) InJournal() bool { return e.ID != "" && !e.dropped }

// file is an entry as the journal writes it: Entry, compacted, with every
// changelog text written once, in Texts, and each changelog of Before,
// After and Patch replaced by the index of its text there. An edit of 600
// versions to one changelog writes that changelog once, not 601 times; an
// entry without Texts (written by an older rdash) holds its changelogs
// as they are. Entry is embedded, so every field it has is written by
// encoding/json, new ones included; Before and After are written as
// versions with no zero fields (see version), in place of Entry's.
type file struct {
	Entry
	Before []version `json:"before"`
	After  []version `json:"after,omitempty"`
	Texts  []string  `json:"texts,omitempty"`
}

// version is api.Version as the journal writes it, each field left out
// when it is zero: a compacted version is mostly zero fields, and api's
// tags write them all. It has api.Version's fields, in its order, so that
// one converts to the other; a field added to api.Version stops the
// conversion from compiling until it is added here too.
type version struct {
	ID                string           `json:"id"`
	Version           string           `json:"version,omitempty"`
	Name              string           `json:"name,omitempty"`
	Changelog         string           `json:"changelog,omitempty"`
	MinecraftVersions []string         `json:"minecraft_versions,omitempty"`
	Platforms         []string         `json:"platforms,omitempty"`
	Dependencies      []api.Dependency `json:"dependencies,omitempty"`
	Downloads         int64            `json:"downloads,omitempty"`
	CreatedAt         time.Time        `json:"created_at,omitzero"`
	Channel           api.Channel      `json:"channel,omitzero"`
	Files             []api.File       `json:"files,omitempty"`
	ProjectID         string           `json:"project_id,omitempty"`
}

// encodeEntry is the file of an entry: compact JSON, since an entry of a
// thousand versions indented is several times the size and no one reads
// it by eye (jq does that better).
func encodeEntry(e *Entry) ([]byte, error) {
	f := file{Entry: compact(e)}
	t := texts{index: map[string]int{}}
	f.Before, f.After = t.refer(f.Entry.Before), t.refer(f.Entry.After)
	if f.Patch != nil && f.Patch.Changelog != nil {
		p := *f.Patch
		p.Changelog = api.Ptr(t.ref(*p.Changelog))
		f.Patch = &p
	}
	f.Texts = t.list
	return json.Marshal(&f)
}

// decodeEntry reads a file of the journal; it may be damaged or written by
// hand, so nothing in it is trusted (see FuzzJournalEntry).
func decodeEntry(b []byte) (*Entry, error) {
	var f file
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, err
	}
	e := &f.Entry
	var err error
	if e.Before, err = resolveAll(f.Before, f.Texts); err != nil {
		return nil, err
	}
	if e.After, err = resolveAll(f.After, f.Texts); err != nil {
		return nil, err
	}
	if e.Patch != nil && e.Patch.Changelog != nil && f.Texts != nil {
		if err := resolve(e.Patch.Changelog, f.Texts); err != nil {
			return nil, fmt.Errorf("patch: %w", err)
		}
	}
	return e, nil
}

// texts collects the distinct changelogs of an entry being written.
type texts struct {
	list  []string
	index map[string]int
}

// ref returns the reference to s: its index, as a string. The empty
// changelog stays empty.
func (t *texts) ref(s string) string {
	if s == "" {
		return ""
	}
	i, ok := t.index[s]
	if !ok {
		i = len(t.list)
		t.index[s] = i
		t.list = append(t.list, s)
	}
	return strconv.Itoa(i)
}

// refer returns vs as the journal writes them, each changelog replaced
// by its reference.
func (t *texts) refer(vs []api.Version) []version {
	if vs == nil {
		return nil
	}
	out := make([]version, len(vs))
	for i, v := range vs {
		out[i] = version(v)
		out[i].Changelog = t.ref(v.Changelog)
	}
	return out
}

// resolveAll returns vs as versions, each changelog reference replaced by
// its text; without texts (an older entry) the changelogs are the texts.
func resolveAll(vs []version, texts []string) ([]api.Version, error) {
	if vs == nil {
		return nil, nil
	}
	out := make([]api.Version, len(vs))
	for i, v := range vs {
		out[i] = api.Version(v)
		if texts == nil {
			continue
		}
		if err := resolve(&out[i].Changelog, texts); err != nil {
			return nil, fmt.Errorf("%s: %w", v.ID, err)
		}
	}
	return out, nil
}

// resolve replaces the reference in *s by its text.
func resolve(s *string, texts []string) error {
	if *s == "" {
		return nil
	}
	i, err := strconv.Atoi(*s)
	if err != nil || i < 0 || i >= len(texts) {
		return fmt.Errorf("changelog %q is not a reference to one of the entry's %d texts", *s, len(texts))
	}
	*s = texts[i]
	return nil
}

// compact returns a copy of e that keeps what an undo needs. Of an edit
// (an undo is one too), each version in Before with its counterpart in
// After keeps its ID, its version string and, of the fields an undo
// restores, those whose old and new values differ: an undo leaves a field
// the edit did not change alone (PlanUndo), and keeping every version's
// whole changelog and file list made an edit of a field journal copies of
// everything. A deletion is kept whole: the journal is its only record.
// Before and After are new slices; nothing of e is changed.
func compact(e *Entry) Entry {
	c := *e
	c.Before, c.After = slices.Clone(e.Before), slices.Clone(e.After)
	if c.Kind != KindEdit {
		return c
	}
	at := make(map[string]int, len(c.After))
	for i, a := range c.After {
		at[a.ID] = i
	}
	for i, b := range c.Before {
		if j, ok := at[b.ID]; ok {
			c.Before[i], c.After[j] = changedFields(b, c.After[j])
		}
	}
	return c
}

// changedFields returns b and a with their ID, version string and the
// bulk-editable fields that differ between them, compared exactly.
func changedFields(b, a api.Version) (api.Version, api.Version) {
	cb := api.Version{ID: b.ID, Version: b.Version}
	ca := api.Version{ID: a.ID, Version: a.Version}
	if !sameChannelValue(b.Channel, a.Channel) {
		cb.Channel, ca.Channel = b.Channel, a.Channel
	}
	if b.Name != a.Name {
		cb.Name, ca.Name = b.Name, a.Name
	}
	if b.Changelog != a.Changelog {
		cb.Changelog, ca.Changelog = b.Changelog, a.Changelog
	}
	if !slices.Equal(b.MinecraftVersions, a.MinecraftVersions) {
		cb.MinecraftVersions, ca.MinecraftVersions = b.MinecraftVersions, a.MinecraftVersions
	}
	if !slices.Equal(b.Platforms, a.Platforms) {
		cb.Platforms, ca.Platforms = b.Platforms, a.Platforms
	}
	if !slices.Equal(b.Dependencies, a.Dependencies) {
		cb.Dependencies, ca.Dependencies = b.Dependencies, a.Dependencies
	}
	return cb, ca
}

// sameChannelValue compares every field of two channels, the time by
// instant.
func sameChannelValue(x, y api.Channel) bool {
	tx, ty := x.LastSlugUpdatedAt, y.LastSlugUpdatedAt
	return x.ID == y.ID && x.Name == y.Name && x.Slug == y.Slug && x.IsDefault == y.IsDefault &&
		(tx == nil) == (ty == nil) && (tx == nil || tx.Equal(*ty))
}
