package api

import (
	"context"
	"io"
	"net/http"
	"sync"
	"time"
)

// phase is where a request is, which says which limit applies.
type phase int

const (
	waiting   phase = iota // for the answer's headers (or for connecting)
	uploading              // the request body is being read
	receiving              // the answer's body is being read
)

// watchdog ends a request when it passes one of its limits. Activity only
// notes the time; the timer, when it fires early, re-arms itself for what
// is left, so a transfer costs a lock per read rather than a timer reset.
type watchdog struct {
	limits Limits
	cancel context.CancelCauseFunc
	total  bool // a JSON answer: the total limit applies
	err    TimeoutError

	mu    sync.Mutex
	timer *time.Timer
	phase phase
	last  time.Time // start of the phase, or the last byte moved
	end   time.Time // the total limit's deadline, once the request is sent
	done  bool
	fired *TimeoutError
}

func startWatchdog(l Limits, cancel context.CancelCauseFunc, req *http.Request, total bool) *watchdog {
	w := &watchdog{limits: l, cancel: cancel, total: total, last: time.Now(),
		err: TimeoutError{Method: req.Method, Path: req.URL.EscapedPath(), Server: printable(req.URL.Host)}}
	if req.Body == nil || req.Body == http.NoBody {
		w.startTotal(w.last)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.timer = time.AfterFunc(w.dueLocked(w.last), w.fire)
	return w
}

// limitLocked is the limit of the current phase and its setting.
func (w *watchdog) limitLocked() (time.Duration, string) {
	if w.phase == waiting {
		return w.limits.Response, SettingResponse
	}
	return w.limits.Stall, SettingStall
}

// dueLocked is how long from now the next limit passes, or an hour when
// none applies (the timer then just looks again).
func (w *watchdog) dueLocked(now time.Time) time.Duration {
	due := time.Hour
	if lim, _ := w.limitLocked(); lim > 0 {
		due = w.last.Add(lim).Sub(now)
	}
	if !w.end.IsZero() {
		due = min(due, w.end.Sub(now))
	}
	return max(due, 0)
}

func (w *watchdog) fire() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.done {
		return
	}
	now := time.Now()
	lim, setting := w.limitLocked()
	switch {
	case !w.end.IsZero() && !now.Before(w.end):
		lim, setting = w.limits.Total, SettingTotal
	case lim <= 0 || now.Before(w.last.Add(lim)):
		w.timer.Reset(w.dueLocked(now))
		return
	}
	te := w.err
	te.Setting, te.Limit, te.Transfer = setting, lim, w.transferLocked()
	w.done, w.fired = true, &te
	w.cancel(&te)
}

// transferLocked names what moves in the current phase.
func (w *watchdog) transferLocked() string {
	switch {
	case w.phase == uploading:
		return "upload"
	case !w.total:
		return "download"
	}
	return "answer"
}

// startTotal starts the total limit of a JSON answer: the request is sent.
func (w *watchdog) startTotal(now time.Time) {
	if w.total && w.limits.Total > 0 {
		w.end = now.Add(w.limits.Total)
	}
}

// enter moves to phase p, from now, and re-arms the timer for its limit.
func (w *watchdog) enter(p phase, sent bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.done || w.phase == p || w.phase == receiving { // an answer ends the upload
		return
	}
	now := time.Now()
	w.phase, w.last = p, now
	if sent && w.end.IsZero() {
		w.startTotal(now)
	}
	w.timer.Reset(w.dueLocked(now))
}

// moved notes that bytes moved.
func (w *watchdog) moved() {
	w.mu.Lock()
	w.last = time.Now()
	w.mu.Unlock()
}

// answered moves to reading the answer's body.
func (w *watchdog) answered() { w.enter(receiving, true) }

func (w *watchdog) stop() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.done = true
	w.timer.Stop()
}

// timedOut returns the limit that ended the request, or nil.
func (w *watchdog) timedOut() *TimeoutError {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.fired
}

// sentBody is a request body under a watchdog: reading it is uploading,
// and its end starts the wait for the answer.
type sentBody struct {
	io.ReadCloser
	w   *watchdog
	eof bool
}

func (b *sentBody) Read(p []byte) (int, error) {
	if b.eof {
		return 0, io.EOF
	}
	b.w.enter(uploading, false)
	n, err := b.ReadCloser.Read(p)
	if n > 0 {
		b.w.moved()
	}
	if err == io.EOF {
		b.eof = true
		b.w.enter(waiting, true)
	}
	return n, err
}

// receivedBody is an answer's body under a watchdog: it reports a limit
// that passed as the TimeoutError instead of the transport's "context
// canceled", and stops the watchdog at its end.
type receivedBody struct {
	rc     io.ReadCloser
	w      *watchdog
	cancel context.CancelCauseFunc
}

func (b *receivedBody) Read(p []byte) (int, error) {
	n, err := b.rc.Read(p)
	if n > 0 {
		b.w.moved()
	}
	switch {
	case err == io.EOF:
		b.w.stop()
	case err != nil:
		if te := b.w.timedOut(); te != nil {
			err = te
		}
	}
	return n, err
}

func (b *receivedBody) Close() error {
	b.w.stop()
	err := b.rc.Close()
	b.cancel(nil)
	return err
}
