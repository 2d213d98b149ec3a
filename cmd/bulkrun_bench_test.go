package cmd

import (
	"fmt"
	"io"
	"testing"

	"rdash/api"
	"rdash/internal/bulk"
)

// countingWriter counts the writes that reach the terminal or pipe, each
// a system call in a real run.
type countingWriter struct{ writes, bytes int }

func (c *countingWriter) Write(p []byte) (int, error) {
	c.writes++
	c.bytes += len(p)
	return len(p), nil
}

// BenchmarkBulkOutput prints the preview and the results of an edit of
// 1,200 versions, as `versions edit --yes` does, and reports the writes
// that reach standard output.
//
//	go test -run='^$' -bench=BulkOutput -benchtime=20x ./cmd/
func BenchmarkBulkOutput(b *testing.B) {
	var vs []api.Version
	for i := range 1200 {
		vs = append(vs, api.Version{ID: fmt.Sprintf("v%07d", i), Version: fmt.Sprintf("1.%d.0", i), Name: "Old name",
			Channel: api.Channel{ID: "chRel0000", Slug: "release"}, Platforms: []string{"paper"}})
	}
	changes := bulk.Preview(vs, bulk.Edit{Name: api.Ptr("New name"), Platforms: bulk.ListEdit[string]{Mode: bulk.AddRemove, Add: []string{"folia"}}}, nil)
	e := &bulk.Entry{}
	for _, v := range vs {
		e.Outcomes = append(e.Outcomes, bulk.Outcome{ID: v.ID, Version: v.Version, Status: bulk.StatusUpdated})
	}
	out := &countingWriter{}
	f := &Factory{IO: IOStreams{Out: out, ErrOut: io.Discard}}
	for b.Loop() {
		f.showPreview(nil, true, func(w io.Writer) { printPreview(w, changes) })
		if err := f.finishRun(b.Context(), nil, bulkJSON{}, e, nil, runWords{done: "updated", retry: "retry them with --ids "}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(out.writes)/float64(b.N), "writes/op")
	b.ReportMetric(float64(out.bytes)/float64(b.N), "bytes/op")
}
