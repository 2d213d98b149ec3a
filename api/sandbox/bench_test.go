package sandbox_test

import (
	"net/http/httptest"
	"testing"

	"rdash/api/sandbox"
)

func BenchmarkNew(b *testing.B) {
	for b.Loop() {
		if _, err := sandbox.New(sandbox.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkListFiltered serves a filtered page of the generated project,
// the dashboard's most frequent request.
func BenchmarkListFiltered(b *testing.B) {
	s, err := sandbox.New(sandbox.Options{})
	if err != nil {
		b.Fatal(err)
	}
	h := s.Handler()
	url := sandbox.APIPrefix + "/projects/emberforge-core/versions?channel=release&channel=beta&minecraft_version=1.20.4&minecraft_version=1.20.6&search=2.&page=2&page_size=25"
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", url, nil))
		if rec.Code != 200 {
			b.Fatalf("status %d: %s", rec.Code, rec.Body)
		}
	}
}
