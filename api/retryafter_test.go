package api

import (
	"net/http"
	"testing"
	"time"
)

func TestParseRetryAfter(t *testing.T) {
	t.Parallel()
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	cases := map[string]time.Duration{
		"":                     0,
		"7":                    7 * time.Second,
		"0":                    0,
		"-3":                   0,
		"soon":                 0,
		"99999999999999999999": 0, // not an int: ignored
		"9999999999":           (1 << 30) * time.Second,
		now.Add(90 * time.Second).Format(http.TimeFormat): 90 * time.Second,
		now.Add(-time.Hour).Format(http.TimeFormat):       0,
		"Sat, 01 Mar 2025 12:00:30 GMT":                   30 * time.Second,
	}
	for in, want := range cases {
		if got := parseRetryAfter(in, now); got != want {
			t.Errorf("parseRetryAfter(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestBackoffBounds(t *testing.T) {
	t.Parallel()
	c := &Client{backoffBase: 100 * time.Millisecond, backoffMax: time.Second}
	for attempt := range 40 {
		want := min(100*time.Millisecond<<min(attempt, 20), time.Second)
		if d := c.backoff(attempt); d < want/2 || d > want {
			t.Errorf("backoff(%d) = %v, want within [%v, %v]", attempt, d, want/2, want)
		}
	}
}
