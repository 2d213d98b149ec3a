package api_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode"

	"rdash/api"
)

// hostileMessages are server texts that would move the cursor, recolour,
// reorder or hide text if printed raw.
var hostileMessages = []string{
	"\x1b[2J\x1b[Hcleared",
	"\x1b]8;;javascript:alert(1)\x07link\x1b]8;;\x07",
	"\x9b31mC1 CSI",
	"reorder \u202eevil\u202c and \u2066isolate\u2069",
	"zero\u200bwidth\u200djoin\u2060word\ufeff",
	"line\u2028sep\u2029para\nnewline\r\ttab",
	"tag\U000E0041chars",
	"\x90unterminated DCS",
}

// TestErrorTextIsPrintable checks the defence in depth of Error(): whatever
// the server sent, the error's text holds only graphic characters and
// spaces, while Message keeps the server's text for the display to judge.
func TestErrorTextIsPrintable(t *testing.T) {
	t.Parallel()
	for _, msg := range hostileMessages {
		var rl api.RateLimitError
		rl.StatusCode, rl.Method, rl.Path, rl.Code, rl.Message = 429, "GET", "/x", msg, msg
		rl.RetryAfter = time.Second
		e := &api.Error{StatusCode: 400, Method: "GET", Path: "/x", Code: msg, Message: msg}
		for _, err := range []error{e, &rl} {
			if i := strings.IndexFunc(err.Error(), notPrintable); i >= 0 {
				t.Errorf("Error() of %q = %q: unprintable at byte %d", msg, err.Error(), i)
			}
		}
	}
}

func notPrintable(r rune) bool { return !unicode.IsGraphic(r) }

func TestErrorBodyKeepsMessageAsData(t *testing.T) {
	t.Parallel()
	for _, msg := range hostileMessages {
		body, _ := json.Marshal(map[string]any{"error": map[string]string{"code": "bad", "message": msg}})
		ts := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
			writeJSON(w, http.StatusBadRequest, string(body))
		})
		_, _, err := newTestClient(t, ts).GetUser(t.Context(), "@me")
		var e *api.Error
		if !errors.As(err, &e) {
			t.Fatalf("err = %v", err)
		}
		// JSON turns each invalid byte into U+FFFD; the rest arrives as sent.
		if want := strings.TrimSpace(strings.ToValidUTF8(msg, "\uFFFD")); e.Message != want {
			t.Errorf("Message = %q, want the server's %q", e.Message, want)
		}
		if strings.IndexFunc(err.Error(), notPrintable) >= 0 {
			t.Errorf("Error() = %q holds unprintable characters", err)
		}
	}
}

// TestNoResponseSentinels checks that failures without a response are
// classified by sentinel: unreachable (nothing was sent) and dropped
// (something was) both match ErrNoResponse, only the first ErrUnreachable,
// and a local error such as a file's EACCES matches neither.
func TestNoResponseSentinels(t *testing.T) {
	t.Parallel()
	closed := newTestServer(t, status(200))
	unreachable := newTestClient(t, closed, api.WithMaxRetries(0))
	closed.Close()
	dropping := newTestClient(t, newTestServer(t, hangUp), api.WithMaxRetries(0))
	_, _, errDial := unreachable.GetUser(t.Context(), "@me")
	_, _, errDrop := dropping.GetUser(t.Context(), "@me")
	_, _, errStatus := newTestClient(t, newTestServer(t, status(503)), api.WithMaxRetries(0)).GetUser(t.Context(), "@me")
	cases := []struct {
		name                      string
		err                       error
		noResponse, isUnreachable bool
	}{
		{"refused", errDial, true, true},
		{"dropped", errDrop, true, false},
		{"503", errStatus, false, false},
		{"EACCES", &os.PathError{Op: "open", Path: "state.json", Err: syscall.EACCES}, false, false},
	}
	for _, tc := range cases {
		if got := errors.Is(tc.err, api.ErrNoResponse); got != tc.noResponse {
			t.Errorf("%s: Is(%v, ErrNoResponse) = %v", tc.name, tc.err, got)
		}
		if got := errors.Is(tc.err, api.ErrUnreachable); got != tc.isUnreachable {
			t.Errorf("%s: Is(%v, ErrUnreachable) = %v", tc.name, tc.err, got)
		}
	}
}
