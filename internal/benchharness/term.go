package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/creack/pty"
)

// term is one program running in a pseudo-terminal of a fixed size. A
// goroutine reads everything it writes, counts the bytes and keeps the
// screen up to date; waits are for what is on screen, each with a deadline.
type term struct {
	name    string
	cmd     *exec.Cmd
	pty     *os.File
	started time.Time

	mu       sync.Mutex
	scr      *screen
	bytes    int64
	lastOut  time.Time
	firstOut time.Time
	want     func(*screen) bool
	wantAt   chan time.Time
	changed  chan struct{} // closed and replaced on every read
	readErr  error
	done     chan struct{} // closed when the reader stops

	exited chan struct{} // closed when Wait returns
	state  *os.ProcessState
	raw    *os.File // with -keep, everything the program wrote
}

// keepDir, with -keep, receives a copy of every pty's output, one file per
// program run, numbered by termSeq.
var (
	keepDir string
	termSeq atomic.Int64
)

// startTerm runs argv in a w×h pty with env added to a clean environment.
func startTerm(name string, w, h int, env []string, argv ...string) (*term, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(baseEnv(), env...)
	// Killed with the harness even if it is killed itself (pty adds
	// Setsid and Setctty).
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	t := &term{name: name, cmd: cmd, scr: newScreen(w, h), changed: make(chan struct{}),
		done: make(chan struct{}), exited: make(chan struct{})}
	if keepDir != "" {
		raw, err := os.Create(filepath.Join(keepDir, fmt.Sprintf("%03d-%s.out", termSeq.Add(1), strings.ReplaceAll(name, " ", "-"))))
		if err != nil {
			return nil, err
		}
		t.raw = raw
	}
	t.started = time.Now()
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: uint16(w), Rows: uint16(h)})
	if err != nil {
		if t.raw != nil {
			t.raw.Close()
		}
		return nil, fmt.Errorf("%s: start: %w", name, err)
	}
	t.pty = f
	go t.read()
	go func() {
		_ = cmd.Wait()
		t.mu.Lock()
		t.state = cmd.ProcessState
		t.mu.Unlock()
		close(t.exited)
	}()
	return t, nil
}

// baseEnv is the environment every child gets: enough to run, nothing of
// the caller's rdash settings, a terminal that claims 256 colours.
func baseEnv() []string {
	env := []string{"TERM=xterm-256color", "LANG=C.UTF-8", "COLORTERM="}
	for _, k := range []string{"PATH", "HOME", "TMPDIR"} {
		if v, ok := os.LookupEnv(k); ok {
			env = append(env, k+"="+v)
		}
	}
	return env
}

func (t *term) read() {
	defer close(t.done)
	buf := make([]byte, 64<<10)
	for {
		n, err := t.pty.Read(buf)
		now := time.Now()
		t.mu.Lock()
		if n > 0 {
			if t.raw != nil {
				_, _ = t.raw.Write(buf[:n])
			}
			if t.bytes == 0 {
				t.firstOut = now
			}
			t.bytes += int64(n)
			t.lastOut = now
			_, _ = t.scr.Write(buf[:n])
			if t.want != nil && t.want(t.scr) {
				t.wantAt <- now
				t.want = nil
			}
			close(t.changed)
			t.changed = make(chan struct{})
		}
		if err != nil {
			t.readErr = err // EIO once the child is gone
			t.mu.Unlock()
			return
		}
		t.mu.Unlock()
	}
}

// errTimeout is in the error of a wait that ran out of time.
var errTimeout = errors.New("timed out")

// waitScreen waits until cond holds on screen and returns when the output
// that made it hold was read.
func (t *term) waitScreen(what string, timeout time.Duration, cond func(*screen) bool) (time.Time, error) {
	ch := make(chan time.Time, 1)
	t.mu.Lock()
	if cond(t.scr) {
		at := t.lastOut
		t.mu.Unlock()
		return at, nil
	}
	t.want, t.wantAt = cond, ch
	t.mu.Unlock()
	defer func() {
		t.mu.Lock()
		t.want = nil
		t.mu.Unlock()
	}()
	select {
	case at := <-ch:
		return at, nil
	case <-t.done:
		select {
		case at := <-ch:
			return at, nil
		default:
		}
		return time.Time{}, fmt.Errorf("%s: the program ended before the screen showed %s:\n%s", t.name, what, t.text())
	case <-time.After(timeout):
		return time.Time{}, fmt.Errorf("%s: no %s on screen within %v (%w); the screen:\n%s", t.name, what, timeout, errTimeout, t.text())
	}
}

// waitText waits until every string is on screen.
func (t *term) waitText(timeout time.Duration, subs ...string) (time.Time, error) {
	return t.waitScreen(strconv.Quote(strings.Join(subs, `", "`)), timeout,
		func(s *screen) bool { return s.Contains(subs...) })
}

// waitQuiet waits until some output arrived after mark (a byte count) and
// then nothing for quiet; it returns the byte count then.
func (t *term) waitQuiet(mark int64, quiet, timeout time.Duration) (int64, error) {
	deadline := time.Now().Add(timeout)
	for {
		t.mu.Lock()
		n, last, ch := t.bytes, t.lastOut, t.changed
		t.mu.Unlock()
		now := time.Now()
		if n > mark && now.Sub(last) >= quiet {
			return n, nil
		}
		if now.After(deadline) {
			if n == mark {
				return n, fmt.Errorf("%s: no output within %v", t.name, timeout)
			}
			return n, fmt.Errorf("%s: output did not stop within %v", t.name, timeout)
		}
		wait := quiet
		if n > mark {
			wait = quiet - now.Sub(last)
		}
		select {
		case <-ch:
		case <-t.done:
			if n > mark {
				return n, nil
			}
			return n, fmt.Errorf("%s: the program ended", t.name)
		case <-time.After(wait):
		}
	}
}

// firstByte is when the program first wrote anything (zero if never).
func (t *term) firstByte() time.Time {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.firstOut
}

func (t *term) byteCount() int64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.bytes
}

func (t *term) text() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.scr.String()
}

// send writes keys as a terminal would send them.
func (t *term) send(keys ...string) error {
	for _, k := range keys {
		seq, ok := keySeqs[k]
		if !ok {
			seq = k
		}
		if _, err := io.WriteString(t.pty, seq); err != nil {
			return fmt.Errorf("%s: send %q: %w", t.name, k, err)
		}
	}
	return nil
}

var keySeqs = map[string]string{
	"Enter": "\r", "Escape": "\x1b", "Up": "\x1b[A", "Down": "\x1b[B",
	"PageDown": "\x1b[6~", "PageUp": "\x1b[5~", "End": "\x1b[F", "Home": "\x1b[H",
	"CtrlC": "\x03",
}

// procStatus reads a field of /proc/PID/status in kB (VmHWM, VmRSS).
func (t *term) procStatus(field string) (int64, error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", t.cmd.Process.Pid))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), field+":"); ok {
			return strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
		}
	}
	return 0, fmt.Errorf("%s: no %s in /proc status", t.name, field)
}

// procState describes a running child from /proc: its state (R running,
// S sleeping…) and the CPU it has used, for diagnosing a stall.
func (t *term) procState() string {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", t.cmd.Process.Pid))
	if err != nil {
		return "gone (" + err.Error() + ")"
	}
	// pid (comm) state ppid … utime(14) stime(15), counted after the comm.
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return "unreadable /proc stat"
	}
	return fmt.Sprintf("state %s, utime %s ticks, stime %s ticks", f[0], f[11], f[12])
}

// usage is the child's resource use, once it has exited.
type usage struct {
	cpu    time.Duration // user + system
	maxRSS int64         // kB
}

// quit sends keys that should end the program, waits up to timeout for it
// to exit, kills it otherwise, and returns its resource use. It always
// leaves the child reaped and the pty closed.
func (t *term) quit(timeout time.Duration, keys ...string) (usage, error) {
	_ = t.send(keys...)
	var err error
	select {
	case <-t.exited:
	case <-time.After(timeout):
		err = fmt.Errorf("%s: did not exit within %v of %q; killed", t.name, timeout, keys)
		t.kill()
	}
	t.pty.Close()
	<-t.done
	t.mu.Lock()
	st := t.state
	t.mu.Unlock()
	if st == nil {
		return usage{}, errors.Join(err, fmt.Errorf("%s: no exit status", t.name))
	}
	ru, _ := st.SysUsage().(*syscall.Rusage)
	if ru == nil {
		return usage{}, errors.Join(err, fmt.Errorf("%s: no rusage", t.name))
	}
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	return usage{cpu: cpu, maxRSS: ru.Maxrss}, err
}

// kill ends the child at once and waits for it; safe to call twice.
func (t *term) kill() {
	select {
	case <-t.exited:
		return
	default:
	}
	_ = t.cmd.Process.Kill()
	select {
	case <-t.exited:
	case <-time.After(5 * time.Second):
	}
}

// close kills the child if still running and releases the pty.
func (t *term) close() {
	t.kill()
	t.pty.Close()
	<-t.done
	if t.raw != nil {
		t.raw.Close()
	}
}
