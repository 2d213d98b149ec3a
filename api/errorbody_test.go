package api_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
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
