package versions

import (
	"slices"
	"testing"
)

func TestSplitList(t *testing.T) {
	t.Parallel()
	if got := splitList(" 1.21, 1.20.4 1.21,,1.19 "); !slices.Equal(got, []string{"1.21", "1.20.4", "1.19"}) {
		t.Fatalf("splitList = %v", got)
	}
}

// Merging a page into a local sort gives what sorting every row again
// gives, ties included, for every sort.
func TestMergeIsAFullSort(t *testing.T) {
	t.Parallel()
	vs := synthVersions(300)
	for i := range vs {
		vs[i].Downloads = int64(i*7919) % 13 // many ties
		if i%5 == 0 {
			vs[i].CreatedAt = vs[0].CreatedAt // out of the server's order
		}
	}
	for k := range sortKeys {
		for _, desc := range []bool{false, true} {
			s := sortState{key: k, desc: desc}
			order := s.order(vs[:250])
			added := []int{}
			for i := 250; i < 300; i++ {
				added = append(added, i)
			}
			s.sortIndexes(added, vs)
			merged, at := s.merge(order, added, vs)
			if want := s.order(vs); !slices.Equal(merged, want) {
				t.Fatalf("%v: merged order differs from a full sort", s)
			}
			for j, a := range at {
				if merged[a] != added[j] {
					t.Fatalf("%v: at[%d] = %d holds %d, want %d", s, j, a, merged[a], added[j])
				}
			}
		}
	}
}
