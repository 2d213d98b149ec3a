package cmd

import (
	"bytes"
	"context"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"rdash/api/sandbox"
)

// TestSandboxVary: --vary SEED serves the choices drawn from SEED and
// prints them, with how to draw them again, on standard error, leaving
// standard output the four settings; it goes with neither --strict nor,
// for a seed that draws a server ignoring PKCE, --require-pkce.
func TestSandboxVary(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(t.Context())
	cancel() // serve no longer than it takes to print
	var out, errOut bytes.Buffer
	f := &Factory{IO: IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut},
		Lookup: func(string) (string, bool) { return "", false }}
	if code := Main(ctx, []string{"sandbox", "--vary", "7"}, f); code != ExitOK {
		t.Fatalf("exit %d:\n%s", code, errOut.String())
	}
	if lines := strings.Split(strings.TrimSpace(out.String()), "\n"); len(lines) != 4 || !strings.HasPrefix(lines[0], "RDASH_BASE_URL=") {
		t.Errorf("standard output is not the four settings:\n%s", out.String())
	}
	want := sandbox.Draw(7)
	if !strings.Contains(errOut.String(), "seed 7 (the same again: rdash sandbox --vary 7)") {
		t.Errorf("no seed on standard error:\n%s", errOut.String())
	}
	for _, kv := range want.Fields() {
		if !strings.Contains(errOut.String(), kv[0]) || !strings.Contains(errOut.String(), kv[1]) {
			t.Errorf("standard error lacks %s %s:\n%s", kv[0], kv[1], errOut.String())
		}
	}

	srv, err := newSandbox(parseSandboxFlags(t, "--vary", "7"))
	if err != nil || !reflect.DeepEqual(srv.Choices(), want) {
		t.Fatalf("--vary 7 serves %v (%v), want %v", srv.Choices(), err, want)
	}
	for _, args := range [][]string{{"--vary", "7", "--strict"}, {"--vary", noPKCESeed(t), "--require-pkce"}} {
		if _, err := newSandbox(parseSandboxFlags(t, args...)); exitCode(err) != ExitCancel || !strings.Contains(err.Error(), args[2]) {
			t.Errorf("%v: %v", args, err)
		}
	}
	fs := pflag.NewFlagSet("sandbox", pflag.ContinueOnError)
	var fl sandboxFlags
	fl.bind(fs)
	if err := fs.Parse([]string{"--vary", "seven"}); err == nil || !strings.Contains(err.Error(), "whole number") {
		t.Errorf("--vary seven: %v", err)
	}
}

func parseSandboxFlags(t *testing.T, args ...string) sandboxFlags {
	t.Helper()
	var fl sandboxFlags
	fs := pflag.NewFlagSet("sandbox", pflag.ContinueOnError)
	fl.bind(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	return fl
}

// noPKCESeed is a seed that draws a server ignoring PKCE.
func noPKCESeed(t *testing.T) string {
	for s := range uint64(100) {
		if !sandbox.Draw(s).PKCE {
			return strconv.FormatUint(s, 10)
		}
	}
	t.Fatal("no seed under 100 draws pkce=false")
	return ""
}
