package uitest

import (
	"bytes"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"rdash/internal/testwait"
)

// WireBytes runs m at w×h through Bubble Tea's real renderer (m's view
// chooses the alternate screen) and returns the bytes it writes per key,
// over n presses of k, counted once ready reports the first screen
// complete and the renderer has settled. ready is called from the test's
// goroutine, so it must read what the program's goroutine writes safely.
func WireBytes(t testing.TB, m tea.Model, w, h int, k tea.KeyPressMsg, n int, ready func() bool) float64 {
	t.Helper()
	out := &output{}
	p := tea.NewProgram(m, tea.WithOutput(out), tea.WithInput(nil), tea.WithWindowSize(w, h),
		tea.WithContext(t.Context()), tea.WithoutSignals())
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()
	t.Cleanup(func() {
		p.Quit()
		<-done
	})
	deadline := time.Now().Add(testwait.Limit(t))
	for !ready() {
		if time.Now().After(deadline) {
			t.Fatal("the first screen did not complete")
		}
		time.Sleep(10 * time.Millisecond)
	}
	start := settle(t, out, 0)
	end := start
	for range n {
		p.Send(k)
		end = settle(t, out, end)
	}
	return float64(end-start) / float64(n)
}

// output collects what the renderer writes, safely for the test to read.
type output struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (o *output) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.b.Write(p)
}

func (o *output) Len() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.b.Len()
}

// settle waits until the renderer has written something since mark and
// then nothing for a few frames; it returns the bytes written so far.
func settle(t testing.TB, out *output, mark int) int {
	t.Helper()
	deadline := time.Now().Add(testwait.Limit(t))
	last, still := out.Len(), 0
	for still < 5 || last == mark {
		if time.Now().After(deadline) {
			t.Fatalf("the renderer did not settle: %d bytes, %d at the mark", last, mark)
		}
		time.Sleep(20 * time.Millisecond)
		if n := out.Len(); n != last {
			last, still = n, 0
		} else {
			still++
		}
	}
	return last
}
