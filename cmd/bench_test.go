package cmd

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// BenchmarkHelp runs `rdash --help` in process: building the whole command
// tree and printing the root's help. Package init (glamour, chroma,
// goldmark), the other cost of the real `rdash --help`, is paid once per
// process and so is not in it; the pty harness measures the whole
// (go run ./internal/benchharness, BENCHMARKS.md).
//
//	go test -run='^$' -bench=Help -benchtime=200x ./cmd/
func BenchmarkHelp(b *testing.B) {
	var out bytes.Buffer
	f := &Factory{IO: IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: io.Discard}}
	b.ReportAllocs()
	for b.Loop() {
		out.Reset()
		if code := Main(b.Context(), []string{"--help"}, f); code != ExitOK {
			b.Fatalf("exit %d", code)
		}
	}
	if !strings.Contains(out.String(), "Available Commands") {
		b.Fatalf("no help printed:\n%s", out.String())
	}
}
