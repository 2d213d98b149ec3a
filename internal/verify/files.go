package verify

import (
	"fmt"
	"slices"

	"github.com/dustin/go-humanize"

	"rdash/api"
)

// File is one item of the file list a write means a version to have (its
// data.files, as rdash sends it: in order, the first primary).
type File struct {
	Name   string // the file's name, or its external URL
	Upload bool   // uploaded by this write
	Size   int64  // the upload's size in bytes; 0 when not known
}

// FileReport is what the server's file list shows against the plan.
type FileReport struct {
	Differences []Difference
	// Kept are the files the plan removes that the server still has.
	Kept []string
	// Additions says the answer shows that the server reads data.files as
	// additions: it has every file listed, and kept files the list left
	// out (Kept). The interface leaves open which item of data.files does
	// what, so this is learned from the server, not assumed.
	Additions bool
	// Primary is the file the server made primary, when it made another
	// one primary than the plan's first; "" otherwise.
	Primary string
}

// Key is how data.files names a file the version has: its external URL,
// else its name.
func Key(f api.File) string {
	if f.ExternalURL != "" {
		return f.ExternalURL
	}
	return f.Name
}

// Files compares the file list the server holds (got) with the plan,
// which changes before: what the server kept that the plan removes, what
// it lacks, what it has that nobody asked for, a file it holds twice, an
// upload it did not take in place of the old file, and which file it made
// primary.
func Files(op Op, before []api.File, plan []File, got []api.File) FileReport {
	c := fileCmp{op: op, before: before, plan: plan, got: got}
	c.held()
	lacking := c.planned()
	c.r.Additions = len(c.r.Kept) > 0 && lacking == 0
	if c.r.Additions {
		c.say("files", "this server reads data.files as additions: it added what %s listed and removed nothing left out", op)
	}
	c.r.primary(plan, got, c.say)
	return c.r
}

// fileCmp is one comparison of file lists, and its report so far.
type fileCmp struct {
	op     Op
	before []api.File
	plan   []File
	got    []api.File
	r      FileReport
}

func (c *fileCmp) say(field, format string, a ...any) {
	c.r.Differences = append(c.r.Differences, Difference{field, fmt.Sprintf(format, a...)})
}

// had returns the file the version had under key k.
func (c *fileCmp) had(k string) (api.File, bool) {
	i := slices.IndexFunc(c.before, func(f api.File) bool { return Key(f) == k })
	if i < 0 {
		return api.File{}, false
	}
	return c.before[i], true
}

// held says what the server holds that the plan does not: a file twice,
// a file the plan removes (Kept), a file nobody listed.
func (c *fileCmp) held() {
	seen := map[string]int{}
	for _, g := range c.got {
		k := Key(g)
		if seen[k]++; seen[k] == 2 {
			c.say("files", "the server has %s twice", cut(k))
		}
		if seen[k] > 1 || slices.ContainsFunc(c.plan, func(p File) bool { return p.Name == k }) {
			continue
		}
		if _, ok := c.had(k); ok {
			c.r.Kept = append(c.r.Kept, k)
			c.say("files", "the server kept %s, which %s removes", cut(k), c.op)
		} else {
			c.say("files", "the server has %s, which %s does not add", cut(k), c.op)
		}
	}
}

// planned says what the plan lists that the server does not hold: a file
// it lacks, an upload it did not take in place of the old file. It
// returns how many files the server lacks.
func (c *fileCmp) planned() (lacking int) {
	for _, p := range c.plan {
		old, existed := c.had(p.Name)
		i := slices.IndexFunc(c.got, func(f api.File) bool { return Key(f) == p.Name })
		switch {
		case i < 0:
			lacking++
			c.say("files", "the server does not have %s, which %s %s", cut(p.Name), c.op, verb(p, existed))
		case p.Upload && existed && p.Size > 0 && old.Size != p.Size && c.got[i].Size == old.Size:
			c.say("files", "the server kept the old %s (%s), not the upload (%s)", cut(p.Name),
				humanize.IBytes(uint64(old.Size)), humanize.IBytes(uint64(p.Size)))
		}
	}
	return lacking
}

// verb is what the plan does with a file: "uploads", "keeps" or "adds".
func verb(p File, existed bool) string {
	switch {
	case p.Upload:
		return "uploads"
	case existed:
		return "keeps"
	}
	return "adds"
}

// primary says which file the server made primary, when it is not the
// plan's first.
func (r *FileReport) primary(plan []File, got []api.File, say func(field, format string, a ...any)) {
	if len(plan) == 0 || len(got) == 0 {
		return
	}
	want := plan[0].Name
	i := slices.IndexFunc(got, func(f api.File) bool { return f.IsPrimary })
	switch {
	case i < 0:
		say("primary", "the server made no file primary, not %s", cut(want))
	case Key(got[i]) != want:
		r.Primary = Key(got[i])
		say("primary", "the server made %s primary, not %s", cut(r.Primary), cut(want))
	}
}
