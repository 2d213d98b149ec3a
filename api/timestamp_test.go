package api_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"testing"
	"time"

	"rdash/api"
)

// TestCreatedAtISO8601 checks that the common ISO 8601 forms of a
// timestamp, which the interface documents for created_at, are read, and
// that anything else makes the response malformed.
func TestCreatedAtISO8601(t *testing.T) {
	t.Parallel()
	want := time.Date(2024, 5, 1, 10, 0, 0, 0, time.UTC)
	accepted := map[string]time.Time{
		"2024-05-01T10:00:00Z":          want,
		"2024-05-01T10:00:00.000Z":      want,
		"2024-05-01T10:00:00,5Z":        want.Add(500 * time.Millisecond),
		"2024-05-01T12:00:00+02:00":     want,
		"2024-05-01T12:00:00+0200":      want,
		"2024-05-01T12:00:00+02":        want,
		"2024-05-01T07:30:00-02:30":     want,
		"2024-05-01t10:00:00z":          want,
		"2024-05-01 10:00:00Z":          want,
		"2024-05-01T10:00:00":           want,
		"2024-05-01T10:00:00.123456789": want.Add(123456789),
		"2024-05-01T10:00Z":             want,
		"20240501T100000Z":              want,
		"20240501T120000+0200":          want,
		"2024-05-01":                    want.Add(-10 * time.Hour),
	}
	for in, wantT := range accepted {
		body := `{"id":"AbCd1234","created_at":"` + in + `","channel":{"id":"c","last_slug_updated_at":"` + in + `"},` +
			`"files":[{"id":"f","created_at":"` + in + `"}]}`
		var v api.Version
		if err := json.Unmarshal([]byte(body), &v); err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		for what, got := range map[string]time.Time{"created_at": v.CreatedAt, "file": v.Files[0].CreatedAt, "channel": *v.Channel.LastSlugUpdatedAt} {
			if !got.Equal(wantT) {
				t.Errorf("%q: %s = %v, want %v", in, what, got, wantT)
			}
		}
	}
	for _, in := range []string{"", "yesterday", "2024-13-01T10:00:00Z", "2024-05-01T25:00:00Z", "1714557600", "2024-05-01T10:00:00Zjunk"} {
		var v api.Version
		if err := json.Unmarshal([]byte(`{"created_at":"`+in+`"}`), &v); err == nil {
			t.Errorf("%q was read as %v", in, v.CreatedAt)
		}
	}
	var v api.Version
	if err := json.Unmarshal([]byte(`{"created_at":1714557600}`), &v); err == nil {
		t.Errorf("a number was read as a timestamp")
	}
	if err := json.Unmarshal([]byte(`{"created_at":null,"channel":{"last_slug_updated_at":null}}`), &v); err != nil || !v.CreatedAt.IsZero() || v.Channel.LastSlugUpdatedAt != nil {
		t.Errorf("null: %v, %v", v.CreatedAt, err)
	}
}

func TestBadCreatedAtIsMalformed(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, `{"data":[{"id":"AbCd1234","created_at":"last tuesday"}]}`)
	})
	_, _, err := newTestClient(t, ts).ListVersions(t.Context(), "lumen", nil)
	if !errors.Is(err, api.ErrMalformedResponse) {
		t.Errorf("err = %v, want ErrMalformedResponse", err)
	}
}
