package api

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// BulkParts returns the requests ("parts") UpdateVersions and
// DeleteVersions send a change of ids in projectID in, each the IDs it
// holds, in order, for a preview to say so: at most the part size
// (WithBulkPartSize) IDs each, and each URL at most WithMaxURLLength
// characters. A part the server refuses for its size goes again as
// halves, so a run may send more. It is nil when the change would be
// refused before sending.
func (c *Client) BulkParts(projectID string, ids []string) [][]string {
	_, parts, err := c.bulkParts(projectID, ids)
	if err != nil {
		return nil
	}
	return parts
}

// bulkParts validates a bulk change and splits its ids into parts.
func (c *Client) bulkParts(projectID string, ids []string) (*url.URL, [][]string, error) {
	if err := validatePathID("projectId", projectID); err != nil {
		return nil, nil, err
	}
	if err := validateBulkIDs(ids); err != nil {
		return nil, nil, err
	}
	u := c.endpoint("projects", projectID, "versions")
	parts, err := splitIDs(len(u.String())+len("?ids="), ids, c.bulkPartSize, c.maxURLLength)
	return u, parts, err
}

// partOutcome is what came of one request of a bulk change.
type partOutcome struct {
	ids      []string
	versions []Version
	err      error
}

// sendPart sends the part ids of the change at u. When the server refuses
// it for its size, it sends the two halves instead, one after the other,
// and so on: the halving ends at single IDs, so a part of n IDs takes at
// most 2n-1 requests.
func sendPart(ctx context.Context, u *url.URL, ids []string, send bulkSend) []partOutcome {
	pu := *u
	pu.RawQuery = "ids=" + joinIDs(ids)
	versions, err := send(ctx, &pu)
	if err == nil || len(ids) < 2 || !refusedForSize(err) || ctx.Err() != nil {
		return []partOutcome{{ids, versions, err}}
	}
	half := len(ids) / 2
	return append(sendPart(ctx, u, ids[:half:half], send), sendPart(ctx, u, ids[half:], send)...)
}

// refusedForSize reports a refusal of a part for its size: a 413, or a 400
// or 422 (the statuses a server may choose for a broken rule) whose
// message is about the ids list as a whole ("ids: at most 50 IDs"), not
// one of its IDs ("ids[3]: …").
func refusedForSize(err error) bool {
	var se *Error
	if !errors.As(err, &se) || errors.Is(err, ErrMaybeApplied) {
		return false
	}
	if se.StatusCode == http.StatusRequestEntityTooLarge {
		return true
	}
	rest, ok := strings.CutPrefix(se.Message, "ids")
	return (se.StatusCode == http.StatusBadRequest || se.StatusCode == http.StatusUnprocessableEntity) && ok && rest != "" && (rest[0] == ':' || rest[0] == ' ') &&
		strings.ContainsAny(rest, "0123456789")
}

// collect sums the parts' outcomes up; with answers, the IDs of parts
// that succeeded but whose answer did not show them are Unseen.
func collect(outcomes []partOutcome, answers bool) (*BulkResult, error) {
	res := &BulkResult{Parts: len(outcomes)}
	for _, o := range outcomes {
		if o.err != nil {
			res.Failed = append(res.Failed, BulkFailure{IDs: o.ids, Err: o.err})
			continue
		}
		res.Succeeded = append(res.Succeeded, o.ids...)
		res.Versions = append(res.Versions, o.versions...)
		if answers {
			res.Unseen = append(res.Unseen, unseen(o.ids, o.versions)...)
		}
	}
	if len(res.Failed) > 0 {
		return res, &BulkError{Failed: res.Failed, Parts: res.Parts}
	}
	return res, nil
}

// unseen returns the ids that none of versions has.
func unseen(ids []string, versions []Version) []string {
	var out []string
	for _, id := range ids {
		if !slices.ContainsFunc(versions, func(v Version) bool { return v.ID == id }) {
			out = append(out, id)
		}
	}
	return out
}

// splitIDs cuts ids, in order, into parts of at most size IDs whose URL,
// prefix characters plus the escaped IDs and their commas, fits maxURL.
func splitIDs(prefix int, ids []string, size, maxURL int) ([][]string, error) {
	var parts [][]string
	start, length := 0, prefix
	for i, id := range ids {
		n := len(url.QueryEscape(id))
		if prefix+n > maxURL {
			return nil, invalid(item("ids", i), "is too long for a request URL of at most %d characters", maxURL)
		}
		if i > start && (i-start == size || length+1+n > maxURL) {
			parts = append(parts, ids[start:i:i])
			start, length = i, prefix
		}
		if i > start {
			length++ // the comma
		}
		length += n
	}
	return append(parts, ids[start:len(ids):len(ids)]), nil
}

// joinIDs keeps the commas literal, as the interface describes the list and
// as splitIDs counts it; escaping the IDs costs nothing and keeps the query
// well formed should the ID alphabet ever grow.
func joinIDs(ids []string) string {
	escaped := make([]string, len(ids))
	for i, id := range ids {
		escaped[i] = url.QueryEscape(id)
	}
	return strings.Join(escaped, ",")
}
