package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
)

// BulkResult is the outcome of a bulk change, which the client sends as
// several requests ("parts"): at most the part size (WithBulkPartSize)
// IDs each, in URLs of at most WithMaxURLLength characters.
type BulkResult struct {
	Versions  []Version // as returned by the parts that succeeded (PATCH only)
	Succeeded []string  // IDs of the parts that succeeded, in the order given
	// Unseen are the IDs of Succeeded whose version no answer showed
	// (PATCH only): the document leaves open whether the answer is every
	// updated version, one of them, or (as some servers have it)
	// nothing. What the server made of these is known only by reading
	// them again.
	Unseen []string
	Failed []BulkFailure // one per failed part
	// Parts is how many requests the change took in the end: BulkParts,
	// plus those of parts the server refused for their size and that
	// went again as halves.
	Parts int
}

// BulkFailure is a failed part: its IDs and why. When Err matches
// ErrMaybeApplied the server may have applied the part anyway, so the
// versions must be reloaded before the user is told they did not change.
type BulkFailure struct {
	IDs []string
	Err error
}

// BulkError is returned beside a BulkResult when some parts failed.
type BulkError struct {
	Failed []BulkFailure
	Parts  int
}

func (e *BulkError) Error() string {
	n := 0
	for _, f := range e.Failed {
		n += len(f.IDs)
	}
	return fmt.Sprintf("%d of %d requests failed, for %d versions; first: %v", len(e.Failed), e.Parts, n, e.Failed[0].Err)
}

// Unwrap returns each part's error, so errors.Is finds ErrMaybeApplied or
// ErrForbidden in any of them.
func (e *BulkError) Unwrap() []error {
	errs := make([]error, len(e.Failed))
	for i, f := range e.Failed {
		errs[i] = f.Err
	}
	return errs
}

// UpdateVersions applies one patch to many versions. The IDs are split into
// BulkParts parts, sent with at most WithConcurrency requests of the
// client in flight (see WithBulkProgress to follow them); a failed part
// does not stop the others. Pass every ID of a change in one call: the
// client owns the splitting. A part the server refuses for its size (413,
// or a 400 about the ids list as a whole) is sent again as two halves,
// and so on down to single IDs: such a refusal changed nothing. No other
// failure is retried: it may come after the change was applied. The error
// is a *ValidationError, with a nil result and nothing sent, or a
// *BulkError beside a result that says which IDs failed and why.
// PATCH /projects/{projectId}/versions?ids=…
func (c *Client) UpdateVersions(ctx context.Context, projectID string, ids []string, patch *BulkPatch) (*BulkResult, error) {
	if err := patch.Validate(); err != nil {
		return nil, err
	}
	body, err := json.Marshal(patch)
	if err != nil {
		return nil, err
	}
	return c.bulk(ctx, projectID, ids, true, func(ctx context.Context, u *url.URL) ([]Version, error) {
		req, err := c.newRequest(ctx, http.MethodPatch, u, bytes.NewReader(body), "application/json")
		if err != nil {
			return nil, err
		}
		return c.bulkAnswer(ctx, req)
	})
}

// bulkAnswer sends a bulk PATCH and reads the versions its answer shows:
// every updated version, one object, or none at all when the body is
// empty, null or {} (the server said nothing; BulkResult.Unseen).
func (c *Client) bulkAnswer(ctx context.Context, req *http.Request) ([]Version, error) {
	data, _, err := c.doJSON(ctx, req)
	if err != nil || isNull(data) || string(bytes.TrimSpace(data)) == "{}" {
		return nil, err
	}
	return decodeList[Version](req, data)
}

// DeleteVersions deletes many versions, split and sent like UpdateVersions.
// DELETE /projects/{projectId}/versions?ids=…
func (c *Client) DeleteVersions(ctx context.Context, projectID string, ids []string) (*BulkResult, error) {
	return c.bulk(ctx, projectID, ids, false, func(ctx context.Context, u *url.URL) ([]Version, error) {
		req, err := c.newRequest(ctx, http.MethodDelete, u, nil, "")
		if err != nil {
			return nil, err
		}
		_, err = c.doNoContent(ctx, req)
		return nil, err
	})
}

type bulkSend func(ctx context.Context, u *url.URL) ([]Version, error)

// bulkProgressKey is the context key of the hook set by WithBulkProgress.
type bulkProgressKey struct{}

// WithBulkProgress returns a copy of ctx that makes UpdateVersions and
// DeleteVersions report their progress to fn: after each request ("part")
// ends, succeeded or failed, with the IDs of the call done so far and all
// its IDs. Calls to fn are never concurrent and doneIDs only grows; the
// last call has doneIDs == totalIDs unless the call was refused before
// sending anything.
//
// The hook travels in the context, as net/http/httptrace's hooks do,
// because it belongs to one call, not to the client (a dashboard and a
// command share one client), and because the bulk methods' signatures are
// what every caller and every fake of them implements.
func WithBulkProgress(ctx context.Context, fn func(doneIDs, totalIDs int)) context.Context {
	return context.WithValue(ctx, bulkProgressKey{}, fn)
}

func bulkProgress(ctx context.Context) func(int, int) {
	fn, _ := ctx.Value(bulkProgressKey{}).(func(int, int))
	return fn
}

// bulk validates, splits ids into parts and sends them with at most
// WithConcurrency requests of this client in flight. This is the only
// place a bulk change is split or sent concurrently: callers pass every ID
// of a change in one call. answers says that send returns the versions
// the answer shows, so the result names the IDs it did not (Unseen).
func (c *Client) bulk(ctx context.Context, projectID string, ids []string, answers bool, send bulkSend) (*BulkResult, error) {
	u, parts, err := c.bulkParts(projectID, ids)
	if err != nil {
		return nil, err
	}
	outcomes := make([][]partOutcome, len(parts))
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		done     int
		progress = bulkProgress(ctx)
		slots    = c.bulkSlots
	)
	ended := func(n int) {
		if progress != nil {
			mu.Lock()
			defer mu.Unlock()
			done += n
			progress(done, len(ids))
		}
	}
	for i, part := range parts {
		select {
		case slots <- struct{}{}:
		case <-ctx.Done():
			// The request sees the context ended and fails unsent, at once.
			outcomes[i] = sendPart(ctx, u, part, send)
			ended(len(part))
			continue
		}
		wg.Go(func() {
			defer func() { <-slots }()
			outcomes[i] = sendPart(unlessStopped(ctx), u, part, send) // a failed part must not stop the others
			ended(len(part))
		})
	}
	wg.Wait()
	return collect(slices.Concat(outcomes...), answers)
}

// ValidateIDs checks the ids of a bulk change as the document states
// them: at least one, each a version ID of 8 characters, and no comma in
// one, since the list is comma-separated. Callers check before reading or
// journaling anything; the bulk methods check again before sending.
func ValidateIDs(ids []string) error { return validateBulkIDs(ids) }

func validateBulkIDs(ids []string) error {
	if len(ids) == 0 {
		return invalid("ids", "needs at least one version ID")
	}
	for i, id := range ids {
		if err := validateID(item("ids", i), id); err != nil {
			return err
		}
		if strings.Contains(id, ",") {
			return invalid(item("ids", i), "must not contain a comma: ids is a comma-separated list")
		}
	}
	return nil
}
