package cmd

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"rdash/api"
	"rdash/internal/bulk"
)

// The client sends a bulk change as several requests ("parts") of at most
// bulk_part_size IDs each (api.Client.BulkParts), in parallel: each part
// is all or nothing, the change as a whole is not. The preview says so
// before a change of more than one part is sent, the results say which
// parts failed, and the JSON has both in its parts key. The dashboard
// says the same (ui/bulkedit/parts.go).

// partCounter counts the parts a bulk change of ids takes
// (api.Client.BulkParts); 0 when the client would refuse it unsent.
type partCounter interface {
	BulkParts(projectID string, ids []string) int
}

// partPlan is the parts a bulk change is planned in, in order: those of
// each call the runner makes to the client.
type partPlan [][]string

// planParts splits each of calls (the IDs of one call of the client) as
// the client will.
func planParts(c partCounter, project string, calls ...[]string) partPlan {
	var out partPlan
	for _, ids := range calls {
		out = append(out, splitParts(c, project, ids)...)
	}
	return out
}

// splitParts is ids as the client splits them into parts. BulkParts only
// counts them, so each part is found as the longest run of the IDs left
// that still takes one request: the client fills each part before it
// starts the next. It is nil when the client would refuse the change
// before sending it.
func splitParts(c partCounter, project string, ids []string) [][]string {
	var out [][]string
	for len(ids) > 0 {
		n := onePart(c, project, ids)
		if n == 0 {
			return nil
		}
		out = append(out, ids[:n:n])
		ids = ids[n:]
	}
	return out
}

// onePart is how many of ids, from the first, go in one part: found by
// doubling, then halving, so a part of k IDs costs about 2·log2(k) counts.
func onePart(c partCounter, project string, ids []string) int {
	fits := func(k int) bool { return c.BulkParts(project, ids[:k]) == 1 }
	if !fits(1) {
		return 0
	}
	lo, hi := 1, 2 // fits(lo); hi is past the end or does not fit
	for hi <= len(ids) && fits(hi) {
		lo, hi = hi, hi*2
	}
	hi = min(hi, len(ids)+1)
	for hi-lo > 1 {
		if mid := (lo + hi) / 2; fits(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// largest is the size of the largest part.
func (p partPlan) largest() int {
	n := 0
	for _, part := range p {
		n = max(n, len(part))
	}
	return n
}

// ofUpTo is how large the parts are: "of up to 100", or "of one version
// each" (an undo sends one request per set of old values).
func (p partPlan) ofUpTo() string {
	if n := p.largest(); n > 1 {
		return fmt.Sprintf("of up to %d", n)
	}
	return "of one version each"
}

// sentIn says, for a change of n versions in more than one part, that a
// part can fail while the others succeed; "" for one part.
func (p partPlan) sentIn(n int) string {
	if len(p) < 2 {
		return ""
	}
	return fmt.Sprintf("%s, sent in %d parts %s: a part can fail while others succeed.", versionCount(n), len(p), p.ofUpTo())
}

// partsRecorder passes the runner's bulk calls to the client and keeps
// each answer, for the results to say which parts failed.
type partsRecorder struct {
	bulk.Client
	mu      sync.Mutex
	answers []*api.BulkResult
}

// UpdateVersions implements bulk.Client.
func (r *partsRecorder) UpdateVersions(ctx context.Context, p string, ids []string, patch *api.BulkPatch) (*api.BulkResult, error) {
	res, err := r.Client.UpdateVersions(ctx, p, ids, patch)
	r.keep(res)
	return res, err
}

// DeleteVersions implements bulk.Client.
func (r *partsRecorder) DeleteVersions(ctx context.Context, p string, ids []string) (*api.BulkResult, error) {
	res, err := r.Client.DeleteVersions(ctx, p, ids)
	r.keep(res)
	return res, err
}

func (r *partsRecorder) keep(res *api.BulkResult) {
	if res == nil { // refused before sending: no part left
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.answers = append(r.answers, res)
}

// sent is how many requests went, and the parts that failed.
func (r *partsRecorder) sent() (int, []api.BulkFailure) {
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

// partNumber is the number, from 1, of the planned part a failure fell
// in; 0 when none holds it.
func (p partPlan) partNumber(f api.BulkFailure) int {
	return 1 + slices.IndexFunc(p, func(part []string) bool { return len(f.IDs) > 0 && slices.Contains(part, f.IDs[0]) })
}

// note says how a run went in parts, when it took more than one: how
// many went through, and which failed, numbered as planned. A part the
// server refused for its size went again as halves, so more requests may
// have been sent than planned.
func (p partPlan) note(sent int, failed []api.BulkFailure) string {
	if sent < 2 && len(p) < 2 {
		return ""
	}
	out := fmt.Sprintf("Sent in %d parts %s", sent, p.ofUpTo())
	if sent > len(p) {
		out += fmt.Sprintf(" (%d planned; a part refused for its size went again as halves)", len(p))
	}
	if len(failed) == 0 {
		return out + ": every part went through."
	}
	nums := p.failedNumbers(failed)
	whose := "their versions are"
	if len(nums) == 1 {
		whose = "its versions are"
	}
	return fmt.Sprintf("%s: %d went through, %d failed (%s; %s listed above).", out, sent-len(failed), len(failed), partNames(nums), whose)
}

// failedNumbers are the planned parts the failures fell in, in order.
func (p partPlan) failedNumbers(failed []api.BulkFailure) []int {
	var nums []int
	for _, f := range failed {
		if n := p.partNumber(f); n > 0 && !slices.Contains(nums, n) {
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
