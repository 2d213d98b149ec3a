package bulkedit

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
// the bulk part size each (api.Client.BulkParts), in parallel: each part
// is all or nothing, the change as a whole is not. The preview says so
// before a change of more than one part is sent, and the results say
// which parts failed.

// partCounter counts the parts a bulk change of ids takes
// (api.Client.BulkParts); 0 when the client would refuse it unsent.
type partCounter interface {
	BulkParts(projectID string, ids []string) int
}

// splitParts is ids as the client splits them into parts. BulkParts only
// counts them, so each part is found as the longest run of the IDs left
// that still takes one request: the client fills each part before it
// starts the next, so these are its parts. It is nil when the client
// would refuse the change before sending it.
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
// doubling, then halving, so a part of k IDs costs about 2·log2(k) counts
// of at most 2k IDs each.
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

// partsOf is the parts of each of calls (the IDs of each call of the
// client a job makes), in order.
func partsOf(c partCounter, project string, calls [][]string) [][]string {
	var out [][]string
	for _, ids := range calls {
		out = append(out, splitParts(c, project, ids)...)
	}
	return out
}

// largest is the size of the largest part.
func largest(parts [][]string) int {
	n := 0
	for _, p := range parts {
		n = max(n, len(p))
	}
	return n
}

// sentIn says, for a change of n versions in more than one part, that a
// part can fail while the others succeed; "" for one part.
func sentIn(n int, parts [][]string) string {
	if len(parts) < 2 {
		return ""
	}
	return fmt.Sprintf("%s, sent in %d parts %s: a part can fail while others succeed.",
		countVersions(n), len(parts), ofUpTo(parts))
}

// ofUpTo is how large the parts are: "of up to 100", or "of one version
// each" (an undo sends one request per set of old values).
func ofUpTo(parts [][]string) string {
	if n := largest(parts); n > 1 {
		return fmt.Sprintf("of up to %d", n)
	}
	return "of one version each"
}

// recorder passes the runner's bulk calls to the client and keeps each
// answer, for the results to say which parts failed.
type recorder struct {
	bulk.Client
	mu      sync.Mutex
	answers []*api.BulkResult
}

// UpdateVersions implements bulk.Client.
func (r *recorder) UpdateVersions(ctx context.Context, p string, ids []string, patch *api.BulkPatch) (*api.BulkResult, error) {
	res, err := r.Client.UpdateVersions(ctx, p, ids, patch)
	r.keep(res)
	return res, err
}

// DeleteVersions implements bulk.Client.
func (r *recorder) DeleteVersions(ctx context.Context, p string, ids []string) (*api.BulkResult, error) {
	res, err := r.Client.DeleteVersions(ctx, p, ids)
	r.keep(res)
	return res, err
}

func (r *recorder) keep(res *api.BulkResult) {
	if res == nil { // refused before sending: no part left
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.answers = append(r.answers, res)
}

// partsNote says how a run went in parts, when it took more than one:
// how many went through, and which failed, numbered as planned (the
// parts of the job's calls, in its order). A part the server refused for
// its size went again as halves, so more requests may have been sent.
func (r *recorder) partsNote(planned [][]string) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	sent := 0
	var failed []api.BulkFailure
	for _, a := range r.answers {
		sent += a.Parts
		failed = append(failed, a.Failed...)
	}
	if sent < 2 && len(planned) < 2 {
		return ""
	}
	out := fmt.Sprintf("Sent in %d parts", sent)
	if len(planned) > 0 {
		out += " " + ofUpTo(planned)
	}
	if sent > len(planned) && len(planned) > 0 {
		out += fmt.Sprintf(" (%d planned; a part refused for its size went again as halves)", len(planned))
	}
	if len(failed) == 0 {
		return out + ": every part went through."
	}
	return fmt.Sprintf("%s: %d went through, %d failed (%s; their versions are marked ✗ below).",
		out, sent-len(failed), len(failed), partNumbers(planned, failed))
}

// partNumbers names the planned parts the failures fell in: "part 2",
// "parts 2 and 5", "parts 1, 2, 3, … (12 in all)".
func partNumbers(planned [][]string, failed []api.BulkFailure) string {
	var nums []int
	for _, f := range failed {
		i := slices.IndexFunc(planned, func(p []string) bool { return len(f.IDs) > 0 && slices.Contains(p, f.IDs[0]) })
		if i >= 0 && !slices.Contains(nums, i+1) {
			nums = append(nums, i+1)
		}
	}
	slices.Sort(nums)
	names := make([]string, 0, len(nums))
	for _, n := range nums[:min(len(nums), 6)] {
		names = append(names, strconv.Itoa(n))
	}
	switch {
	case len(nums) == 0:
		return "parts not among those planned"
	case len(nums) == 1:
		return "part " + names[0]
	case len(nums) > 6:
		return "parts " + strings.Join(names, ", ") + fmt.Sprintf(", … (%d in all)", len(nums))
	}
	return "parts " + strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
