package sandbox

import (
	"net"
	"net/http"
	"strings"
	"testing"
)

func TestRunning(t *testing.T) {
	t.Parallel()
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	run, err := s.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	env := run.Env()
	want := []string{"RDASH_BASE_URL=http://127.0.0.1:", "RDASH_AUTH_URL=http://127.0.0.1:", "RDASH_CLIENT_ID=rdash-demo", "RDASH_CLIENT_SECRET=sandbox-secret"}
	for i, w := range want {
		if i >= len(env) || !strings.HasPrefix(env[i], w) {
			t.Errorf("Env()[%d] = %q, want %q…", i, env[i], w)
		}
	}
	if !strings.HasSuffix(run.BaseURL, APIPrefix) || !strings.HasSuffix(run.AuthURL, AuthPrefix) {
		t.Errorf("BaseURL %q, AuthURL %q", run.BaseURL, run.AuthURL)
	}
	get := func() error {
		req, _ := http.NewRequestWithContext(t.Context(), "GET", run.BaseURL+"/projects/lumen/versions", nil)
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		return err
	}
	if err := get(); err != nil {
		t.Fatal(err)
	}
	if err := run.Close(); err != nil {
		t.Fatal(err)
	}
	if get() == nil {
		t.Error("still serving after Close")
	}
}

func TestAdvertised(t *testing.T) {
	t.Parallel()
	tests := []struct {
		addr net.Addr
		want string
	}{
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8765}, "127.0.0.1:8765"},
		{&net.TCPAddr{IP: net.IPv4zero, Port: 8765}, "127.0.0.1:8765"},
		{&net.TCPAddr{IP: net.IPv6unspecified, Port: 80}, "127.0.0.1:80"},
		{&net.TCPAddr{IP: net.IPv6loopback, Port: 80}, "[::1]:80"},
	}
	for _, tt := range tests {
		if got := advertised(tt.addr); got != tt.want {
			t.Errorf("advertised(%v) = %q, want %q", tt.addr, got, tt.want)
		}
	}
}
