package cmd

import (
	"runtime"
	"strings"
	"testing"

	"rdash/api/sandbox"
)

// TestPlainHTTPToAnotherMachineNeedsConsent: no token goes over plain http
// to a host that is not this machine unless --allow-insecure-http or
// allow_insecure_http says so, and the error names both (issue 18.11).
func TestPlainHTTPToAnotherMachineNeedsConsent(t *testing.T) {
	t.Parallel()
	if runtime.GOOS != "linux" {
		t.Fatal("this test reaches the sandbox at 0.0.0.0, which only Linux connects to loopback; run it on Linux")
	}
	c := newCLI(t, "alice", sandbox.Options{})
	// 0.0.0.0 is no name of this machine, so rdash takes it for another
	// one, but Linux connects to it on loopback, where the sandbox is.
	c.env["RDASH_BASE_URL"] = strings.Replace(c.env["RDASH_BASE_URL"], "127.0.0.1", "0.0.0.0", 1)
	r := c.run("", "versions", "list", "lumen")
	wantExit(t, r, ExitFailure, "refusing to send the access token to http://0.0.0.0:", "allow_insecure_http: true",
		"RDASH_ALLOW_INSECURE_HTTP", "--allow-insecure-http")
	if strings.Contains(r.err, c.env["RDASH_TOKEN"]) {
		t.Fatal("the error shows the token")
	}
	if out := c.ok("--allow-insecure-http", "versions", "list", "lumen"); !strings.Contains(out, "2.3.1") {
		t.Fatalf("with the flag:\n%s", out)
	}
	c.env["RDASH_ALLOW_INSECURE_HTTP"] = "true"
	if out := c.ok("versions", "list", "lumen"); !strings.Contains(out, "2.3.1") {
		t.Fatalf("with the setting:\n%s", out)
	}
}
