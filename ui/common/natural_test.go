package common

import (
	"slices"
	"testing"
)

func TestNaturalCompare(t *testing.T) {
	t.Parallel()
	in := []string{"1.10.0", "1.2.0", "2.0.0", "2.0.0-beta.2", "2.0.0-beta.10", "2.0.0-alpha.1", "1.9",
		"1.21.10", "1.21.9", "1.21", "1.21-pre1", "01.2"}
	slices.SortStableFunc(in, NaturalCompare)
	want := []string{"01.2", "1.2.0", "1.9", "1.10.0", "1.21-pre1", "1.21", "1.21.9", "1.21.10",
		"2.0.0-alpha.1", "2.0.0-beta.2", "2.0.0-beta.10", "2.0.0"}
	if !slices.Equal(in, want) {
		t.Fatalf("sorted = %v\nwant     %v", in, want)
	}
}
