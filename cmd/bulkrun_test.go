package cmd

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"rdash/internal/bulk"
)

// TestRetryHintNamesOnlyWhatARetryCanHelp: the hint lists the versions a
// retry may help, counts them past 20, and is left out when none can.
func TestRetryHintNamesOnlyWhatARetryCanHelp(t *testing.T) {
	t.Parallel()
	outcomes := func(retry, refused int) *bulk.Entry {
		e := &bulk.Entry{Outcomes: []bulk.Outcome{{ID: "ok000000", Status: bulk.StatusUpdated}}}
		for i := range retry {
			e.Outcomes = append(e.Outcomes, bulk.Outcome{ID: fmt.Sprintf("rt%06d", i), Status: bulk.StatusUnknown, Retry: true})
		}
		for i := range refused {
			e.Outcomes = append(e.Outcomes, bulk.Outcome{ID: fmt.Sprintf("no%06d", i), Status: bulk.StatusNotApplied})
		}
		return e
	}
	f := &Factory{IO: IOStreams{Out: io.Discard, ErrOut: io.Discard}}
	for _, tc := range []struct {
		retry, refused int
		want, not      []string
	}{
		{2, 0, []string{"retry them with --ids rt000000,rt000001"}, []string{"no0"}},
		{1, 2, []string{"retry them with --ids rt000000 (2 more were refused"}, []string{"no000000"}},
		{0, 3, []string{"will not help"}, []string{"retry them"}},
		{500, 0, []string{"the 500 versions marked [retry]"}, []string{"rt000499"}},
	} {
		err := f.finishRun(t.Context(), nil, bulkJSON{}, outcomes(tc.retry, tc.refused), nil, runWords{done: "updated", retry: "retry them with --ids "})
		if err == nil {
			t.Fatalf("%d to retry, %d refused: no error", tc.retry, tc.refused)
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%d to retry, %d refused: %q lacks %q", tc.retry, tc.refused, err, w)
			}
		}
		for _, n := range tc.not {
			if strings.Contains(err.Error(), n) {
				t.Errorf("%d to retry, %d refused: %q has %q", tc.retry, tc.refused, err, n)
			}
		}
	}
}
