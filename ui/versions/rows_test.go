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
