package bulk

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/dustin/go-humanize"

	"rdash/api"
)

// The client sends a bulk change as several requests ("parts") of at most
// bulk_part_size IDs each (api.Client.BulkParts), in parallel: each part
// is all or nothing, the change as a whole is not. The CLI and the
// dashboard say so before a change of more than one part is sent, and say
// which parts failed afterwards, in the words below.

// Splitter splits a bulk change's IDs as the client will send them
// (api.Client.BulkParts); nil when the client would refuse it unsent.
type Splitter interface {
	BulkParts(projectID string, ids []string) [][]string
}

// Parts are the parts a bulk change is planned in, in order: those of
// each call a run makes to the client.
type Parts [][]string

// PlanParts is the parts of each of calls (the IDs of one call of the
// client), in order.
func PlanParts(c Splitter, project string, calls ...[]string) Parts {
	var out Parts
	for _, ids := range calls {
		out = append(out, c.BulkParts(project, ids)...)
	}
	return out
}

// Largest is the size of the largest part.
func (p Parts) Largest() int {
	n := 0
	for _, part := range p {
		n = max(n, len(part))
	}
	return n
}

// OfUpTo is how large the parts are: "of up to 100", or "of one version
// each" (an undo sends one request per set of old values).
func (p Parts) OfUpTo() string {
	if n := p.Largest(); n > 1 {
		return fmt.Sprintf("of up to %d", n)
	}
	return "of one version each"
}

// SentIn says, for a change of n versions in more than one part, that a
// part can fail while the others succeed; "" for one part.
func (p Parts) SentIn(n int) string {
	if len(p) < 2 {
		return ""
	}
	return fmt.Sprintf("%s, sent in %d parts %s: a part can fail while others succeed.", versions(n), len(p), p.OfUpTo())
}

// Note says how a run went in parts, when it took more than one: how
// many went through, and which failed, numbered as planned, and where
// their versions are shown (whereShown: "listed above"). A part the
// server refused for its size went again as halves, so more requests may
// have been sent than planned.
func (p Parts) Note(sent int, failed []api.BulkFailure, whereShown string) string {
	if sent < 2 && len(p) < 2 {
		return ""
	}
	out := fmt.Sprintf("Sent in %d parts", sent)
	if len(p) > 0 {
		out += " " + p.OfUpTo()
	}
	if sent > len(p) && len(p) > 0 {
		out += fmt.Sprintf(" (%d planned; a part refused for its size went again as halves)", len(p))
	}
	if len(failed) == 0 {
		return out + ": every part went through."
	}
	nums := p.FailedNumbers(failed)
	whose := "their versions are"
	if len(nums) == 1 {
		whose = "its versions are"
	}
	return fmt.Sprintf("%s: %d went through, %d failed (%s; %s %s).", out, sent-len(failed), len(failed), partNames(nums), whose, whereShown)
}

// Number is the number, from 1, of the planned part a failure fell in (a
// half of a part refused for its size has its part's); 0 when none holds
// it.
func (p Parts) Number(f api.BulkFailure) int {
	return 1 + slices.IndexFunc(p, func(part []string) bool { return len(f.IDs) > 0 && slices.Contains(part, f.IDs[0]) })
}

// FailedNumbers are the planned parts, numbered from 1, that the
// failures fell in, in order.
func (p Parts) FailedNumbers(failed []api.BulkFailure) []int {
	var nums []int
	for _, f := range failed {
		if n := p.Number(f); n > 0 && !slices.Contains(nums, n) {
			nums = append(nums, n)
		}
	}
	slices.Sort(nums)
	return nums
}

// partNames is "part 2", "parts 2 and 5", "parts 1, 2, 3, 4, 5, 6, …
// (12 in all)".
func partNames(nums []int) string {
	const shown = 6
	names := make([]string, 0, shown)
	for _, n := range nums[:min(len(nums), shown)] {
		names = append(names, strconv.Itoa(n))
	}
	switch {
	case len(nums) == 0:
		return "parts not among those planned"
	case len(nums) == 1:
		return "part " + names[0]
	case len(nums) > shown:
		return "parts " + strings.Join(names, ", ") + fmt.Sprintf(", … (%d in all)", len(nums))
	}
	return "parts " + strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// versions is "1 version" or "1,200 versions".
func versions(n int) string {
	if n == 1 {
		return "1 version"
	}
	return humanize.Comma(int64(n)) + " versions"
}

// PartsRecorder passes a run's bulk calls to the client and keeps each
// answer, for the results to say which parts failed.
type PartsRecorder struct {
	Client
	mu      sync.Mutex
	answers []*api.BulkResult
}

// UpdateVersions implements Client.
func (r *PartsRecorder) UpdateVersions(ctx context.Context, p string, ids []string, patch *api.BulkPatch) (*api.BulkResult, error) {
	res, err := r.Client.UpdateVersions(ctx, p, ids, patch)
	r.keep(res)
	return res, err
}

// DeleteVersions implements Client.
func (r *PartsRecorder) DeleteVersions(ctx context.Context, p string, ids []string) (*api.BulkResult, error) {
	res, err := r.Client.DeleteVersions(ctx, p, ids)
	r.keep(res)
	return res, err
}

func (r *PartsRecorder) keep(res *api.BulkResult) {
	if res == nil { // refused before sending: no part left
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.answers = append(r.answers, res)
}

// Sent is how many requests went, and the parts that failed.
func (r *PartsRecorder) Sent() (int, []api.BulkFailure) {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	var failed []api.BulkFailure
	for _, a := range r.answers {
		n += a.Parts
		failed = append(failed, a.Failed...)
	}
	return n, failed
}
