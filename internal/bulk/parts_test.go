package bulk

import (
	"errors"
	"fmt"
	"testing"

	"rdash/api"
)

// partsOfTwo is n IDs planned in parts of two.
func partsOfTwo(n int) Parts {
	var p Parts
	for i := 0; i < n; i += 2 {
		p = append(p, []string{fmt.Sprint(i), fmt.Sprint(i + 1)})
	}
	return p
}

func failedIn(parts ...[]string) []api.BulkFailure {
	var out []api.BulkFailure
	for _, ids := range parts {
		out = append(out, api.BulkFailure{IDs: ids, Err: errors.New("503")})
	}
	return out
}

// TestPartsNote: what the results say of a run in parts names the parts
// that failed as planned, in the singular or plural, and says when the
// client sent more requests than planned.
func TestPartsNote(t *testing.T) {
	t.Parallel()
	p := partsOfTwo(6) // 3 parts
	many := partsOfTwo(20)
	tests := []struct {
		name   string
		p      Parts
		sent   int
		failed []api.BulkFailure
		want   string
	}{
		{"one part", Parts{{"a"}}, 1, nil, ""},
		{"all through", p, 3, nil, "Sent in 3 parts of up to 2: every part went through."},
		{"one failed", p, 3, failedIn(p[1]), "Sent in 3 parts of up to 2: 2 went through, 1 failed (part 2; its versions are listed above)."},
		{"two failed", p, 3, failedIn(p[2], p[0]), "Sent in 3 parts of up to 2: 1 went through, 2 failed (parts 1 and 3; their versions are listed above)."},
		{"halves", p, 4, failedIn([]string{"3"}), "Sent in 4 parts of up to 2 (3 planned; a part refused for its size went again as halves): 3 went through, 1 failed (part 2; its versions are listed above)."},
		{"many", many, 10, failedIn(many[:8]...), "Sent in 10 parts of up to 2: 2 went through, 8 failed (parts 1, 2, 3, 4, 5, 6, … (8 in all); their versions are listed above)."},
		{"unplanned", p, 3, failedIn([]string{"x"}), "Sent in 3 parts of up to 2: 2 went through, 1 failed (parts not among those planned; their versions are listed above)."},
	}
	for _, tt := range tests {
		if got := tt.p.Note(tt.sent, tt.failed, "listed above"); got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, got, tt.want)
		}
	}
	if got, want := p.SentIn(1200), "1,200 versions, sent in 3 parts of up to 2: a part can fail while others succeed."; got != want {
		t.Errorf("SentIn = %q, want %q", got, want)
	}
	if got := (Parts{{"a"}, {"b"}}).OfUpTo(); got != "of one version each" {
		t.Errorf("OfUpTo of single IDs = %q", got)
	}
}
