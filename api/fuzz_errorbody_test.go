package api

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// FuzzErrorBody feeds any failed response to the error parser: it never
// panics, keeps at most maxMessage characters of valid UTF-8 in Code and
// Message, and Error() holds only printable characters. A 4xx web page is
// a NotServiceError.
func FuzzErrorBody(f *testing.F) {
	f.Add([]byte(`{"error":{"code":"bad","message":"data.version: too long"}}`), "application/json", 400, "")
	f.Fuzz(func(t *testing.T, body []byte, contentType string, status int, retryAfter string) {
		status = 400 + abs(status)%200
		req, err := http.NewRequest(http.MethodGet, "http://x.invalid/api/v1/projects/p?q=secret", nil)
		if err != nil {
			t.Fatal(err)
		}
		resp := &http.Response{
			StatusCode: status, Header: http.Header{"Content-Type": {contentType}, "Retry-After": {retryAfter}},
			Body: io.NopCloser(strings.NewReader(string(body))), Request: req,
		}
		c, err := New("http://x.invalid/api/v1")
		if err != nil {
			t.Fatal(err)
		}
		err = c.errorFromResponse(req, resp)
		var e *Error
		switch v := err.(type) {
		case *NotServiceError:
			if status >= 500 || status == http.StatusTooManyRequests || v.Status != status || strings.Contains(v.Error(), "secret") {
				t.Errorf("NotServiceError %v for status %d", v, status)
			}
			return
		case *Error:
			e = v
		case *RateLimitError:
			e = &v.statusError
			if v.RetryAfter < 0 || status != http.StatusTooManyRequests {
				t.Errorf("RateLimitError %+v for status %d", v, status)
			}
		default:
			t.Fatalf("errorFromResponse = %T %v", err, err)
		}
		for name, s := range map[string]string{"Code": e.Code, "Message": e.Message} {
			if utf8.RuneCountInString(s) > maxMessage || !utf8.ValidString(s) || s != strings.TrimSpace(s) {
				t.Errorf("%s = %q: longer than %d, invalid UTF-8 or untrimmed", name, s, maxMessage)
			}
		}
		if e.StatusCode != status || e.Path != "/api/v1/projects/p" {
			t.Errorf("status, path = %d, %q", e.StatusCode, e.Path)
		}
		if msg := err.Error(); strings.ContainsFunc(msg, func(r rune) bool { return !unicode.IsGraphic(r) }) || strings.Contains(msg, "secret") {
			t.Errorf("Error() = %q: unprintable, or shows the query", msg)
		}
	})
}

func abs(n int) int {
	if n < 0 {
		return -(n + 1) // no overflow at the minimum
	}
	return n
}
