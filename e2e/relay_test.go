package e2e

import (
	"io"
	"net"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// relay is a TCP relay on loopback between ssh and sshd that holds the
// link to a rate, as a slow remote link does: each chunk waits as long as
// it would take at that rate. down counts the bytes from sshd to ssh,
// which is what the dashboard draws.
type relay struct {
	addr string
	down atomic.Int64
}

// startRelay forwards a new loopback port to target at bytesPerSec in
// each direction, until the test ends.
func startRelay(t *testing.T, target string, bytesPerSec int) *relay {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r := &relay{addr: ln.Addr().String()}
	var mu sync.Mutex
	var conns []net.Conn
	var wg sync.WaitGroup
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
		wg.Wait()
	})
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s, err := net.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			mu.Lock()
			conns = append(conns, c, s)
			mu.Unlock()
			wg.Add(2)
			go func() { defer wg.Done(); throttle(s, c, bytesPerSec, nil); s.Close() }()
			go func() { defer wg.Done(); throttle(c, s, bytesPerSec, &r.down); c.Close() }()
		}
	}()
	return r
}

// throttle copies src to dst in chunks of at most 256 bytes, pacing them
// at rate bytes a second.
func throttle(dst io.Writer, src io.Reader, rate int, count *atomic.Int64) {
	buf := make([]byte, 256)
	start, sent := time.Now(), 0
	for {
		n, err := src.Read(buf)
		if n > 0 {
			sent += n
			if wait := time.Duration(sent)*time.Second/time.Duration(rate) - time.Since(start); wait > 0 {
				time.Sleep(wait)
			} else if wait < -time.Second { // idle: no burst credit beyond a second
				start, sent = time.Now().Add(-time.Second), rate
			}
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
			if count != nil {
				count.Add(int64(n))
			}
		}
		if err != nil {
			return
		}
	}
}

// quiet waits until the relay has carried nothing new for a while (the
// screen has settled), or a deadline passes; it returns the bytes so far.
func (r *relay) quiet(still, deadline time.Duration) int64 {
	end := time.Now().Add(deadline)
	last, since := r.down.Load(), time.Now()
	for time.Now().Before(end) {
		time.Sleep(50 * time.Millisecond)
		if n := r.down.Load(); n != last {
			last, since = n, time.Now()
		} else if time.Since(since) >= still {
			break
		}
	}
	return last
}
