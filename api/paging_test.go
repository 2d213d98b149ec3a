package api_test

import (
	"net/http"
	"strconv"
	"testing"

	"rdash/api"
)

// TestListsWithoutPagination checks how a list documented as one array is
// read from a server that sends no pagination and pages at its own size
// whatever page_size asks: pages as long as the first are followed, a
// shorter one is the last, a first page alone is followed by a second
// (it may be the whole list or the server's cap), and a server that
// ignores page is asked twice.
func TestListsWithoutPagination(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		pages    []int // items on page 1, 2, …; a page past them is empty
		ignores  bool  // the server sends page 1 whatever is asked
		meta     bool  // it sends pagination claiming 1,000 items
		want     int
		requests int64
	}{
		{"full pages then a short one", []int{25, 25, 3}, false, false, 53, 3},
		{"a short first page", []int{7}, false, false, 7, 2},
		{"capped at 10 below the size asked", []int{10, 10, 10, 10, 3}, false, false, 43, 5},
		{"capped at 10, ending full", []int{10, 10}, false, false, 20, 3},
		{"full pages then an empty one", []int{25, 25}, false, false, 50, 3},
		{"larger pages than the default", []int{40, 40, 10}, false, false, 90, 3},
		{"page ignored", []int{25}, true, false, 25, 2},
		{"page ignored, pagination that never ends", []int{25}, true, true, 25, 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ts := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
				if got := r.URL.Query().Get("page_size"); got != strconv.Itoa(api.LargePageSize) {
					t.Errorf("page_size=%q: a long list is read at an explicit page size", got)
				}
				p := 1
				if q := r.URL.Query().Get("page"); q != "" && !tc.ignores {
					p, _ = strconv.Atoi(q)
				}
				first, n := 0, 0
				for i, size := range tc.pages {
					if i+1 == p {
						n = size
						break
					}
					first += size
				}
				body := `{"data":[` + invitations(first, n) + `]`
				if tc.meta {
					body += `,"pagination":{"page":` + strconv.Itoa(p) + `,"page_size":25,"total":1000}`
				}
				writeJSON(w, http.StatusOK, body+`}`)
			})
			inv, _, err := newTestClient(t, ts).ListInvitations(t.Context(), "emberforge")
			if err != nil || len(inv) != tc.want || ts.requests.Load() != tc.requests {
				t.Fatalf("%d invitations in %d requests, %v; want %d in %d", len(inv), ts.requests.Load(), err, tc.want, tc.requests)
			}
			seen := map[string]bool{}
			for _, in := range inv {
				if seen[in.ID] {
					t.Fatalf("invitation %s listed twice", in.ID)
				}
				seen[in.ID] = true
			}
		})
	}
}
