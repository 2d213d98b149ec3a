package common

import (
	"testing"

	"rdash/api"
)

func TestPrimaryFirst(t *testing.T) {
	t.Parallel()
	files := []api.File{{Name: "a"}, {Name: "b"}, {Name: "p", IsPrimary: true}, {Name: "c"}}
	got := PrimaryFirst(files)
	var names string
	for _, f := range got {
		names += f.Name
	}
	if names != "pabc" {
		t.Errorf("PrimaryFirst = %s, want pabc", names)
	}
	if files[0].Name != "a" {
		t.Error("PrimaryFirst sorted its argument")
	}
}
