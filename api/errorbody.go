package api

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"
)

const (
	// maxErrorBody bounds what is read of a failed response: the message
	// is near the start, and a proxy's error page can be large.
	maxErrorBody = 64 << 10
	// maxMessage bounds the message kept, in characters, since it ends up
	// on one line of a status bar or a terminal.
	maxMessage = 300
)

// errorFromResponse turns a 4xx or 5xx response into an *Error or a
// *RateLimitError, or a *NotServiceError when it is a web page.
func (c *Client) errorFromResponse(req *http.Request, resp *http.Response) error {
	body, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	discard(resp.Body)
	if err := c.errorPage(req, resp, body); err != nil {
		return err
	}
	code, msg := errorMessage(body, resp.Header.Get("Content-Type"))
	e := Error{
		StatusCode: resp.StatusCode, Method: req.Method, Path: req.URL.EscapedPath(),
		Code: clip(code), Message: clip(msg),
	}
	after := parseRetryAfter(resp.Header.Get("Retry-After"), time.Now())
	switch resp.StatusCode {
	case http.StatusTooManyRequests:
		return &RateLimitError{e, after}
	case http.StatusServiceUnavailable:
		e.retryAfter = after
	}
	return &e
}

// errorMessage finds a code and the best message in the common error shapes:
// {"error": {"code", "message"}}, {"message"}, {"error", "error_description"}
// (RFC 6749), {"errors": [{"message"}]}, {"detail", "title"} (RFC 9457) and
// plain text.
func errorMessage(body []byte, contentType string) (code, msg string) {
	body = bytes.TrimSpace(body)
	if len(body) == 0 {
		return "", ""
	}
	var f map[string]json.RawMessage
	if body[0] != '{' || json.Unmarshal(body, &f) != nil {
		if strings.Contains(contentType, "html") || body[0] == '<' {
			return "", "" // a proxy's page: the status text says more
		}
		return "", firstLine(string(body))
	}
	code = text(f["code"])
	var nested map[string]json.RawMessage
	if json.Unmarshal(f["error"], &nested) == nil {
		code = first(text(nested["code"]), code)
		msg = first(text(nested["message"]), text(nested["description"]), text(nested["detail"]))
	} else if e := text(f["error"]); e != "" {
		code = first(code, e)
	}
	return code, first(msg, text(f["message"]), text(f["error_description"]),
		listMessage(f["errors"]), text(f["detail"]), text(f["title"]), code)
}

// listMessage joins the messages of an "errors" array of objects or strings.
func listMessage(raw json.RawMessage) string {
	var items []json.RawMessage
	if json.Unmarshal(raw, &items) != nil {
		return ""
	}
	var msgs []string
	for _, it := range items {
		var obj map[string]json.RawMessage
		if json.Unmarshal(it, &obj) == nil {
			it = obj["message"]
		}
		if m := text(it); m != "" {
			msgs = append(msgs, m)
		}
	}
	return strings.Join(msgs, "; ")
}

// text returns a JSON string or number as text, and "" for anything else.
func text(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return strings.TrimSpace(s)
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		return n.String()
	}
	return ""
}

// first returns the first non-zero value.
func first[T comparable](vals ...T) T {
	var zero T
	for _, v := range vals {
		if v != zero {
			return v
		}
	}
	return zero
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// clip bounds server text: trimmed, valid UTF-8, at most maxMessage
// characters. It keeps the text as the server sent it otherwise; making it
// safe for a terminal is the display's job (internal/safe), since only the
// display knows whether it shows one line or several.
func clip(s string) string {
	s = strings.TrimSpace(strings.ToValidUTF8(s, "\uFFFD"))
	if utf8.RuneCountInString(s) <= maxMessage {
		return s
	}
	r := []rune(s)
	return string(r[:maxMessage-1]) + "…"
}
