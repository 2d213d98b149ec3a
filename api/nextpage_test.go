package api

import (
	"fmt"
	"math"
	"testing"
)

// TestNextPage checks the successor of a page against ordinary and hostile
// pagination: a page other than the one asked for, sizes and totals that
// would overflow, negative numbers.
func TestNextPage(t *testing.T) {
	t.Parallel()
	const big = math.MaxInt
	cases := []struct {
		name          string
		pg            *Pagination
		page, size, n int
		want          int
	}{
		{"more", &Pagination{Page: 2, PageSize: 10, Total: 25}, 2, 10, 10, 3},
		{"last", &Pagination{Page: 3, PageSize: 10, Total: 25}, 3, 10, 5, 0},
		{"exactly full", &Pagination{Page: 1, PageSize: 10, Total: 10}, 1, 10, 10, 0},
		{"default page", &Pagination{Page: 1, PageSize: 10, Total: 11}, 0, 0, 10, 2},
		{"no page in metadata", &Pagination{Total: 11}, 1, 10, 10, 2},
		{"another page than asked", &Pagination{Page: 1, Total: 10}, 2, 0, 1, 0},
		{"negative size", &Pagination{Page: 1, PageSize: -5, Total: 100}, 1, 0, 10, 2},
		{"empty page", &Pagination{Page: 1, PageSize: 10, Total: 100}, 1, 10, 0, 0},
		{"huge size", &Pagination{Page: 2, PageSize: big, Total: big}, 2, 0, 1, 0},
		{"huge page", &Pagination{Page: big, PageSize: 10, Total: big}, big, 0, 10, 0},
		{"huge total", &Pagination{Page: 5, PageSize: 10, Total: big}, 5, 10, 10, 6},
		// A total no list holding the page has is no total: as none.
		{"negative total", &Pagination{Page: 1, PageSize: 10, Total: -1}, 1, 10, 10, 2},
		{"total below the page", &Pagination{Page: 1, PageSize: 10, Total: 3}, 1, 10, 10, 2},
		{"none, full", nil, 1, 0, 25, 2},
		{"none, short: the end or a cap", nil, 1, 10, 9, 2},
		{"none, empty", nil, 4, 10, 0, 0},
		{"none, huge page", nil, big, 10, 10, 0},
	}
	for _, tc := range cases {
		if got := nextPage(tc.pg, tc.page, tc.size, tc.n); got != tc.want {
			t.Errorf("%s: nextPage = %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestPagingNext follows lists without a total page by page: a first
// page alone always has a successor (it may be the server's cap or the
// whole list), and the list ends at an empty page, a page shorter than
// the first, or the page before again.
func TestPagingNext(t *testing.T) {
	t.Parallel()
	page := func(from, n int) []string {
		ids := make([]string, n)
		for i := range ids {
			ids[i] = fmt.Sprint("v", from+i)
		}
		return ids
	}
	cases := []struct {
		name  string
		pages [][]string
		want  []int // Next after each page
	}{
		{"one short page, then empty", [][]string{page(0, 7), nil}, []int{2, 0}},
		{"capped at 10: full pages, then a shorter one", [][]string{page(0, 10), page(10, 10), page(20, 3)}, []int{2, 3, 0}},
		{"capped at 10, ending full", [][]string{page(0, 10), page(10, 10), nil}, []int{2, 3, 0}},
		{"page ignored", [][]string{page(0, 10), page(0, 10)}, []int{2, 0}},
		{"a later page longer than the first", [][]string{page(0, 5), page(5, 8), page(13, 6)}, []int{2, 3, 0}},
		{"shifted by a new version, not repeated", [][]string{page(0, 10), page(9, 10)}, []int{2, 3}},
	}
	for _, tc := range cases {
		var g Paging
		for i, ids := range tc.pages {
			if got := g.Next(i+1, ids); got != tc.want[i] {
				t.Errorf("%s: Next after page %d = %d, want %d", tc.name, i+1, got, tc.want[i])
			}
		}
	}
	var g Paging
	if got := g.Next(math.MaxInt, page(0, 3)); got != 0 {
		t.Errorf("Next after page MaxInt = %d", got)
	}
}
