package cmd

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"rdash/internal/safe"
)

func TestTransferLine(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	now := t0
	var buf bytes.Buffer
	p := newTransferLineTo(&buf, "uploading 1 files", func() time.Time { return now })
	p.set(0, 4<<20)
	if !strings.HasPrefix(buf.String(), "\ruploading 1 files  ") || !strings.Contains(buf.String(), "0 B / 4.0 MiB") {
		t.Fatalf("first draw %q", buf.String())
	}
	buf.Reset()
	now = now.Add(10 * time.Millisecond)
	p.set(1<<20, 4<<20)
	if buf.Len() != 0 {
		t.Fatalf("redrawn within %v: %q", redrawEvery, buf.String())
	}
	now = t0.Add(2 * time.Second)
	p.set(2<<20, 4<<20)
	line := safe.PlainLine(buf.String())
	for _, want := range []string{"2.0 MiB / 4.0 MiB", "1.0 MiB/s", "0:02 left"} {
		if !strings.Contains(line, want) {
			t.Errorf("line %q lacks %q", line, want)
		}
	}
	buf.Reset()
	now = now.Add(time.Millisecond)
	p.set(4<<20, 4<<20) // not drawn yet: end draws it
	p.end()
	if got := buf.String(); !strings.Contains(got, "4.0 MiB / 4.0 MiB") || !strings.HasSuffix(got, "\n") || strings.Contains(got, "left") {
		t.Errorf("end drew %q", got)
	}

	// Unknown total: bytes and rate, no bar, no time left.
	buf.Reset()
	q := newTransferLineTo(&buf, "downloading x", func() time.Time { return now })
	now = now.Add(time.Second)
	q.set(1000, -1)
	if got := buf.String(); !strings.Contains(got, "1000 B") || strings.Contains(got, "left") {
		t.Errorf("unknown total: %q", got)
	}

	var none *transferLine // no terminal: every call is a no-op
	none.set(1, 2)
	none.end()
}

func TestNoProgressWhenPiped(t *testing.T) {
	t.Parallel()
	f := &Factory{IO: IOStreams{Out: &bytes.Buffer{}, ErrOut: &bytes.Buffer{}, OutTTY: true}}
	if f.newTransferLine("x") != nil {
		t.Error("progress drawn to standard error that is not a terminal")
	}
}

func TestClock(t *testing.T) {
	t.Parallel()
	for d, want := range map[time.Duration]string{0: "0:00", 61 * time.Second: "1:01", 3723 * time.Second: "1:02:03"} {
		if got := clock(d); got != want {
			t.Errorf("clock(%v) = %q, want %q", d, got, want)
		}
	}
}
