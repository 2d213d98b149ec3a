package bulk_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/internal/bulk"
)

// BenchmarkLoad1200 reads the current values of 1,200 versions (12 pages
// of 100) from a sandbox 20 ms away, as an edit of them does first.
//
//	go test -run='^$' -bench=Load1200 -benchtime=5x ./internal/bulk/
func BenchmarkLoad1200(b *testing.B) {
	c := faultyClient(b, sandbox.Options{Latency: 20 * time.Millisecond}, "bob")
	var want []string
	for page := 1; len(want) < 1200; page++ {
		vs, _, err := c.ListVersions(b.Context(), "emberforge-core", &api.ListVersionsOptions{Page: page, PageSize: 100})
		if err != nil {
			b.Fatal(err)
		}
		want = append(want, ids(vs)...)
	}
	want = want[:1200]
	b.ResetTimer()
	for b.Loop() {
		vs, err := bulk.Load(b.Context(), c, "emberforge-core", want)
		if err != nil || len(vs) != 1200 {
			b.Fatal(len(vs), err)
		}
	}
}

// BenchmarkJournalEntry1200 writes the journal entry of an edit of 1,200
// versions twice, as a run does (before sending, and with the outcomes),
// and reports the size of the file.
//
//	go test -run='^$' -bench=JournalEntry1200 -benchtime=20x ./internal/bulk/
func BenchmarkJournalEntry1200(b *testing.B) {
	c := faultyClient(b, sandbox.Options{}, "bob")
	vs := allVersions(b, c, "emberforge-core")[:1200]
	edit := bulk.Edit{Name: api.Ptr("Benchmarked")}
	changes := bulk.Preview(vs, edit, nil)
	j := bulk.Journal{Dir: b.TempDir()}
	b.ResetTimer()
	for b.Loop() {
		e := &bulk.Entry{Time: time.Now(), Kind: bulk.KindEdit, Project: "emberforge-core"}
		for _, ch := range changes {
			e.Before, e.After = append(e.Before, ch.Before), append(e.After, ch.After)
		}
		if err := j.Write(e); err != nil {
			b.Fatal(err)
		}
		for _, v := range vs {
			e.Outcomes = append(e.Outcomes, bulk.Outcome{ID: v.ID, Version: v.Version, Status: bulk.StatusUpdated})
		}
		if err := j.Write(e); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		if fi, err := os.Stat(filepath.Join(j.Dir, e.ID+".json")); err == nil {
			b.ReportMetric(float64(fi.Size()), "bytes/entry")
		}
		b.StartTimer()
	}
}
