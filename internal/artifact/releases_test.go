package artifact

import (
	"strings"
	"testing"
)

// TestReleaseTable: the embedded table parses, every row; it is what
// pack formats and open ranges resolve against.
func TestReleaseTable(t *testing.T) {
	t.Parallel()
	rels, err := parseReleases(releasesTSV)
	if err != nil {
		t.Fatal(err)
	}
	if rels[0].name != "1.8" {
		t.Errorf("the table starts at %s, want 1.8", rels[0].name)
	}
	spot := map[string][2]string{
		"1.8.9": {"1", "-"}, "1.12.2": {"3", "-"}, "1.13": {"4", "4"}, "1.18.2": {"8", "9"},
		"1.19.3": {"12", "10"}, "1.20.4": {"22", "26"}, "1.21": {"34", "48"}, "1.21.8": {"64", "81"},
	}
	for _, r := range rels {
		want, ok := spot[r.name]
		if !ok {
			continue
		}
		delete(spot, r.name)
		if got := [2]string{formatText(r.resource), formatText(r.data)}; got != want {
			t.Errorf("%s formats = %v, want %v", r.name, got, want)
		}
	}
	if len(spot) > 0 {
		t.Errorf("the table lacks %v", spot)
	}
}

func formatText(f packFormat) string {
	switch f.state {
	case formatNone:
		return "-"
	case formatUnknown:
		return "?"
	}
	return f.String()
}

// TestReleaseTableRejects: a row that does not parse fails the table,
// naming its line, so a bad edit cannot slip in.
func TestReleaseTableRejects(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ table, says string }{
		{"1.20\t15\t15\n1.20.1 15 15\n", "line 2: has 1 columns, want 3"},
		{"# c\n1.20\t15\t15\t1\n", "line 2: has 4 columns"},
		{"1.20-pre1\t15\t15\n", `line 1: "1.20-pre1" is not a release version`},
		{"1.20\tfifteen\t15\n", `line 1: resource pack format "fifteen" is not -, ? or a number`},
		{"1.20\t15\t15.x\n", `line 1: data pack format "15.x" has a minor part that is not a number`},
		{"1.20.1\t15\t15\n1.20\t15\t15\n", "line 2: 1.20 does not come after 1.20.1"},
		{"1.20\t15\t15\n1.20\t15\t15\n", "line 2: 1.20 does not come after 1.20"},
		{"# only comments\n", "has no rows"},
	} {
		if _, err := parseReleases([]byte(tc.table)); err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%q: %v, want an error saying %q", tc.table, err, tc.says)
		}
	}
}
