package server

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"rdash/internal/serve"
	"rdash/ui"
)

// endWait bounds each step of a session's end that needs the client: the
// last frame (the screen restored) and the sentence saying why it ended.
// A client that reads nothing would otherwise hold the session, and the
// server's shutdown, for ever.
const endWait = 2 * time.Second

// runSession counts the session against its key's limit, gives it a pty,
// runs the dashboard on it with a context the server can end, and says
// why it ended.
func (s *Server) runSession(sess ssh.Session, a *admitted) {
	ctx, cancel := context.WithCancel(sess.Context())
	defer cancel()
	var ended atomic.Value // why the server ended the session
	rs, err := s.sessions.Add(a.fp, time.Now(), func(why string) { ended.Store(why); cancel() })
	if err != nil {
		a.log.Info("session refused", "why", err.Error())
		refuse(sess, a.term, err.Error())
		return
	}
	defer s.sessions.Remove(rs)
	if a.conn != nil {
		a.conn.sessionStarted()
		defer a.conn.sessionEnded()
	}
	w, h := a.term.size()
	pp, err := openPty(w, h)
	if err != nil {
		a.log.Error("opening a pty", "err", err.Error())
		refuse(sess, a.term, "cannot open a terminal for this session; the server's log says why")
		return
	}
	defer pp.close()
	start := time.Now()
	a.log.Info("session start", "term", a.term.term, "width", w, "height", h, "sessions_of_key", s.sessions.Count(a.fp))
	journal := s.journalLogOf(a.dir)
	s.followJournal(ctx, journal, a.log)
	s.runDashboard(ctx, sess, a, rs, pp)
	reason, byServer := ended.Load().(string)
	s.endSession(sess, a, reason, byServer, start)
}

// runDashboard runs the dashboard on pp until it ends, then closes the
// slave and lets the last of its output reach the client.
func (s *Server) runDashboard(ctx context.Context, sess ssh.Session, a *admitted, rs *serve.Session, pp *ptyPair) {
	lctx, stop := context.WithCancel(context.WithoutCancel(ctx))
	defer stop()
	l := newLink(pingOf(sess))
	go l.run(lctx)
	pp.connect(sess, l)
	p, err := s.program(ctx, sess, a, rs, pp, l)
	if err != nil {
		a.log.Error("session setup", "err", err.Error())
		_, _ = io.WriteString(sess.Stderr(), "rdash: "+err.Error()+"\r\n")
		return
	}
	resized := make(chan struct{})
	go func() { defer close(resized); followSize(lctx, a.term, pp, p) }()
	ran := make(chan struct{})
	go quitOnEnd(ctx, ran, p, pp)
	err = ui.Ended(p.Run())
	close(ran)
	if errors.Is(err, tea.ErrProgramPanic) || errors.Is(err, ui.ErrPanic) {
		a.log.Error("dashboard panic", "err", err.Error())
	}
	stop()
	<-resized
	pp.drain(sess.Context(), endWait)
}

// quitOnEnd quits the dashboard when the session ends (the server ended
// it, or the client left). Quit, not the program's context: a program
// ended through its context closes its input reader without waiting for
// the goroutine still reading it (bubbletea's shutdown with kill), a data
// race inside bubbletea; a quit waits for it. A dashboard that does not
// stop within endWait has its last frame blocked on a client that reads
// nothing: the pty is closed under it, and if even that does not end it,
// it is killed.
func quitOnEnd(ctx context.Context, ran <-chan struct{}, p *tea.Program, pp *ptyPair) {
	select {
	case <-ran:
		return
	case <-ctx.Done():
	}
	p.Quit()
	for _, force := range []func(){pp.close, p.Kill} {
		t := time.NewTimer(endWait)
		select {
		case <-ran:
			t.Stop()
			return
		case <-t.C:
			force()
		}
	}
}

// followSize passes each change of the client's window, already clamped,
// to the pty and the dashboard, until ctx ends. It is the only reader of
// the terminal's changes, so none is lost to another.
func followSize(ctx context.Context, t *terminal, pp *ptyPair, p *tea.Program) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.changed:
			w, h := t.size()
			_ = pp.setSize(w, h)
			p.Send(tea.WindowSizeMsg{Width: w, Height: h})
		}
	}
}

// pingOf is a round trip to the client of sess: a keepalive request,
// which every client answers (OpenSSH's ClientAliveInterval sends the
// same), behind everything sent on the connection before it.
func pingOf(sess ssh.Session) func() error {
	sc, _ := sess.Context().Value(ssh.ContextKeyConn).(gossh.Conn)
	return func() error {
		if sc == nil {
			return errors.New("no connection")
		}
		_, _, err := sc.SendRequest("keepalive@openssh.com", true, nil)
		return err
	}
}

// endSession logs why the session ended, tells the client when the
// server ended it, and closes the connection of a removed key.
func (s *Server) endSession(sess ssh.Session, a *admitted, reason string, byServer bool, start time.Time) {
	reason = endReason(sess, reason, byServer)
	a.log.Info("session end", "why", reason, "seconds", int(time.Since(start).Seconds()))
	if byServer {
		// After the dashboard has left the alternate screen.
		s.tellClient(sess, a, "\r\nrdash: session ended: "+reason+"\r\n")
	}
	if reason == serve.ReasonKeyRemoved && a.conn != nil {
		// Not only this session: the key may open no other on the
		// connection it still holds.
		_ = sess.Exit(1)
		a.conn.closeSSH()
	}
}

// tellClient writes msg to the client, and closes the connection if the
// client does not take it within endWait.
func (s *Server) tellClient(sess ssh.Session, a *admitted, msg string) {
	done := make(chan struct{})
	go func() { defer close(done); _, _ = io.WriteString(sess, msg) }()
	t := time.NewTimer(endWait)
	defer t.Stop()
	select {
	case <-done:
	case <-t.C:
		if a.conn != nil {
			a.conn.closeSSH()
		}
	}
}

// endReason is why the session ended: the server's reason, else the
// client's leaving or quitting.
func endReason(sess ssh.Session, reason string, byServer bool) string {
	switch {
	case byServer:
		return reason
	case sess.Context().Err() != nil:
		return "client left"
	}
	return "quit"
}

// followJournal logs what the key's journal records, every two seconds
// while the session runs and once more a little after (a job cancelled
// with the session writes its outcomes then).
func (s *Server) followJournal(ctx context.Context, journal *journalLog, log *slog.Logger) {
	done, ok := s.tasks.start()
	if !ok {
		return
	}
	go func() {
		defer done()
		t := time.NewTicker(2 * time.Second)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				journal.scan(log)
				last := time.NewTimer(2 * time.Second)
				defer last.Stop()
				<-last.C
				journal.scan(log)
				return
			case <-t.C:
				journal.scan(log)
			}
		}
	}()
}
