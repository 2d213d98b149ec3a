package api

import (
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
		{"negative total", &Pagination{Page: 1, PageSize: 10, Total: -1}, 1, 10, 10, 0},
		{"none, full", nil, 1, 0, DefaultPageSize, 2},
		{"none, short", nil, 1, 10, 9, 0},
		{"none, huge page", nil, big, 10, 10, 0},
	}
	for _, tc := range cases {
		if got := nextPage(tc.pg, tc.page, tc.size, tc.n); got != tc.want {
			t.Errorf("%s: nextPage = %d, want %d", tc.name, got, tc.want)
		}
	}
}
