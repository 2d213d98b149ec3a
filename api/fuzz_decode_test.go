package api_test

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"testing"

	"rdash/api"
)

// bodyTransport answers every request with 200 and one body, without a
// network, so the fuzzer spends its time in the decoder.
type bodyTransport struct {
	body          []byte
	declareLength bool
}

func (b bodyTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	n := int64(-1)
	if b.declareLength {
		n = int64(len(b.body))
	}
	return &http.Response{
		StatusCode: http.StatusOK, Status: "200 OK", Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: http.Header{"Content-Type": {"application/json"}}, ContentLength: n,
		Body: io.NopCloser(bytes.NewReader(b.body)), Request: r,
	}, nil
}

// decodeFailure reports whether err is one the decoder may return for a
// success response it cannot use.
func decodeFailure(err error) bool {
	return errors.Is(err, api.ErrMalformedResponse) || errors.Is(err, api.ErrResponseTooLarge)
}

// FuzzDecodeResponse feeds any body to the endpoints' decoders (envelope,
// pagination, single object, list, every page of a list): none panics, and
// each returns either a value or a typed error.
func FuzzDecodeResponse(f *testing.F) {
	f.Add([]byte(`{"data":[`+versionJSON+`],"pagination":{"page":2,"page_size":10,"total":11}}`), true)
	f.Fuzz(func(t *testing.T, body []byte, declareLength bool) {
		hc := &http.Client{Transport: bodyTransport{body, declareLength}}
		c, err := api.New("http://sandbox.invalid/api/v1", api.WithHTTPClient(hc), api.WithMaxBodyBytes(64<<10))
		if err != nil {
			t.Fatal(err)
		}
		ctx := t.Context()
		versions, resp, err := c.ListVersions(ctx, "lumen", &api.ListVersionsOptions{Page: 2, PageSize: 10})
		switch {
		case err != nil && !decodeFailure(err):
			t.Errorf("ListVersions: untyped error %v", err)
		case err == nil && (versions == nil || resp == nil):
			t.Errorf("ListVersions: no error and no value")
		case err == nil && resp.NextPage != 0 && resp.NextPage != 3:
			t.Errorf("ListVersions: NextPage %d after page 2", resp.NextPage)
		}
		if v, _, err := c.GetVersion(ctx, "lumen", "1.0.0"); (err == nil) == (v == nil) || err != nil && !decodeFailure(err) {
			t.Errorf("GetVersion = %v, %v", v, err)
		}
		if u, _, err := c.GetUser(ctx, api.Me); (err == nil) == (u == nil) || err != nil && !decodeFailure(err) {
			t.Errorf("GetUser = %v, %v", u, err)
		}
		if _, _, err := c.ListInvitations(ctx, "emberforge"); err != nil && !decodeFailure(err) {
			t.Errorf("ListInvitations: untyped error %v", err)
		}
	})
}
