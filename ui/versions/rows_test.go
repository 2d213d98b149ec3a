package versions

import (
	"slices"
	"testing"
)

func TestNaturalCompare(t *testing.T) {
	t.Parallel()
	in := []string{"1.10.0", "1.2.0", "2.0.0", "2.0.0-beta.2", "2.0.0-beta.10", "2.0.0-alpha.1", "1.9"}
	slices.SortFunc(in, naturalCompare)
	want := []string{"1.2.0", "1.9", "1.10.0", "2.0.0-alpha.1", "2.0.0-beta.2", "2.0.0-beta.10", "2.0.0"}
	if !slices.Equal(in, want) {
		t.Fatalf("sorted = %v\nwant     %v", in, want)
	}
}

func TestSplitList(t *testing.T) {
	t.Parallel()
	if got := splitList(" 1.21, 1.20.4 1.21,,1.19 "); !slices.Equal(got, []string{"1.21", "1.20.4", "1.19"}) {
		t.Fatalf("splitList = %v", got)
	}
}
