package common

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/url"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"rdash/api"
)

func TestDescribe(t *testing.T) {
	t.Parallel()
	refused := &url.Error{Op: "Get", URL: "http://127.0.0.1:9/api/v1/projects/x/versions",
		Err: &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}}
	tests := []struct {
		name     string
		err      error
		want     string
		blocking bool
		signIn   bool
	}{
		{"cancelled is silent", fmt.Errorf("list: %w", context.Canceled), "", false, false},
		{"401 asks to sign in", &api.Error{StatusCode: 401, Message: "invalid token"}, "rdash auth login", true, true},
		{"403 names the server's reason", &api.Error{StatusCode: 403, Message: "missing scope project:version:update"},
			"Not allowed: Missing scope project:version:update — your account", false, false},
		{"404", &api.Error{StatusCode: 404, Message: "no such project"}, "Not found: No such project.", false, false},
		{"404 without message", &api.Error{StatusCode: 404, Message: "Not Found"}, "Not found.", false, false},
		{"409", &api.Error{StatusCode: 409, Message: "version 1.0 exists"}, "Conflict: Version 1.0 exists.", false, false},
		{"429 with retry-after", &api.RateLimitError{RetryAfter: 30 * time.Second}, "retry in 30s", false, false},
		{"5xx", &api.Error{StatusCode: 503}, "The server failed (503)", false, false},
		{"client validation", &api.ValidationError{Field: "data.version", Rule: "at most 32 characters"},
			"data.version: at most 32 characters.", false, false},
		{"maybe applied", fmt.Errorf("patch: %w", api.ErrMaybeApplied), "may have been applied", false, false},
		{"network down", refused, "Cannot reach the server at 127.0.0.1:9", true, false},
		{"dial refused, unwrapped", &net.OpError{Op: "dial", Net: "tcp", Addr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 1},
			Err: errors.New("connection refused")}, "Cannot reach the server at 127.0.0.1:1", true, false},
		{"no such host", &net.DNSError{Name: "api.example", Err: "no such host"}, "at api.example", true, false},
		{"deadline", context.DeadlineExceeded, "took too long", false, false},
		{"escape in server message", &api.Error{StatusCode: 400, Message: "bad \x1b[2Jfield\x07"},
			"The server rejected the request: Bad field.", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := Describe(tt.err)
			if !strings.Contains(p.Text(), tt.want) || (tt.want == "" && p.Text() != "") {
				t.Errorf("Describe(%v).Text() = %q, want it to contain %q", tt.err, p.Text(), tt.want)
			}
			if p.Blocking != tt.blocking || p.SignIn != tt.signIn {
				t.Errorf("Blocking, SignIn = %v, %v; want %v, %v", p.Blocking, p.SignIn, tt.blocking, tt.signIn)
			}
			if strings.ContainsAny(p.Text(), "\x1b\x07") {
				t.Errorf("control characters survived: %q", p.Text())
			}
		})
	}
}

// TestLocalErrorsAreNotTheServer: syscall.Errno satisfies net.Error, so a
// full disk or a read-only state directory once read "Server unreachable
// ... check base_url" (issue 10 item 6). The kind comes from the type.
func TestLocalErrorsAreNotTheServer(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		err  error
		fix  string
	}{
		{"EACCES in a PathError", &fs.PathError{Op: "open", Path: "/home/a/.local/state/rdash/state.json", Err: syscall.EACCES},
			"permissions"},
		{"ENOSPC wrapped", fmt.Errorf("saving the journal: %w", syscall.ENOSPC), "disk space"},
		{"EROFS bare", syscall.EROFS, "read-only"},
		{"PathError of another errno", &fs.PathError{Op: "rename", Path: "/tmp/x", Err: syscall.EXDEV}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := Describe(tt.err)
			if p.Kind != KindLocal || p.Blocking || strings.Contains(p.Text(), "reach") || strings.Contains(p.Text(), "base_url") {
				t.Fatalf("Describe(%v) = %+v, want a local, non-blocking problem", tt.err, p)
			}
			if !strings.Contains(p.Fix, tt.fix) || (tt.fix == "" && p.Fix != "") {
				t.Errorf("Fix = %q, want it to say %q", p.Fix, tt.fix)
			}
		})
	}
	var refused error = &url.Error{Op: "Get", URL: "http://127.0.0.1:9/",
		Err: &net.OpError{Op: "dial", Net: "tcp", Err: &os.SyscallError{Syscall: "connect", Err: syscall.ECONNREFUSED}}}
	if p := Describe(refused); p.Kind != KindUnreachable || !p.Blocking {
		t.Fatalf("a refused dial, errno inside: %+v", p)
	}
}
