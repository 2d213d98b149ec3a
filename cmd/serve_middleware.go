package cmd

import (
	"context"
	"io"
	"log/slog"
	"sync/atomic"
	"time"

	"charm.land/wish/v2"
	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"rdash/internal/serve"
)

// sessionData is what the outer middleware hands the program handler
// through the SSH context.
type sessionData struct {
	ctx  context.Context
	fp   string
	dir  string
	sess *serve.Session
}

type sessionDataKey struct{}

// admitted is a session let in: its key's fingerprint and directory, its
// pty and its log.
type admitted struct {
	fp  string
	dir string
	pty ssh.Pty
	log *slog.Logger
}

// sessionMiddleware wraps the dashboard: the per-key limit, the key's
// directory, a context that ends the session early, and the log lines.
func (s *server) sessionMiddleware(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		if a := s.admit(sess); a != nil {
			s.runSession(sess, next, a)
		}
	}
}

// admit lets a session in, or tells it why not and returns nil.
func (s *server) admit(sess ssh.Session) *admitted {
	key := sess.PublicKey()
	if key == nil { // cannot happen: public keys are the only way in
		wish.Fatalln(sess, "rdash: no public key")
		return nil
	}
	fp := serve.Fingerprint(key)
	log := s.log.With("key", fp, "remote", sess.RemoteAddr().String())
	// The allow-list was checked when the connection was made; one
	// connection carries many sessions (OpenSSH's ControlMaster), so
	// it is checked again for each.
	if ok, err := serve.Authorized(s.fl.authorizedKeys, key); !ok {
		if err != nil {
			log.Error("reading authorized_keys", "err", err.Error())
		}
		log.Info("session refused", "why", serve.ReasonKeyRemoved)
		// The connection itself is closed by the sweep, after the
		// sessions still open on it have said why they end.
		wish.Fatalln(sess, "rdash: this key is no longer allowed on this server")
		return nil
	}
	pty, _, hasPty := sess.Pty()
	if !hasPty {
		log.Info("session refused", "why", "no terminal")
		wish.Fatalln(sess, "rdash serve shows the dashboard and needs a terminal: connect with ssh -t")
		return nil
	}
	dir, err := serve.KeyDir(s.stateRoot, key)
	if err != nil {
		log.Error("key directory", "err", err.Error())
		wish.Fatalln(sess, "rdash: cannot prepare this key's directory; the server's log says why")
		return nil
	}
	return &admitted{fp: fp, dir: dir, pty: pty, log: log}
}

// runSession counts the session against its key's limit, runs the
// dashboard with a context the server can end, and says why it ended.
func (s *server) runSession(sess ssh.Session, next ssh.Handler, a *admitted) {
	ctx, cancel := context.WithCancel(sess.Context())
	defer cancel()
	var ended atomic.Value // why the server ended the session
	rs, err := s.sessions.Add(a.fp, time.Now(), func(why string) { ended.Store(why); cancel() })
	if err != nil {
		a.log.Info("session refused", "why", err.Error())
		wish.Fatalln(sess, "rdash: "+err.Error())
		return
	}
	defer s.sessions.Remove(rs)
	start := time.Now()
	a.log.Info("session start", "term", a.pty.Term, "width", a.pty.Window.Width, "height", a.pty.Window.Height,
		"sessions_of_key", s.sessions.Count(a.fp))
	sess.Context().SetValue(sessionDataKey{}, &sessionData{ctx: ctx, fp: a.fp, dir: a.dir, sess: rs})
	journal := s.journalLogOf(a.dir)
	go scanJournal(ctx, journal, a.log)
	next(sess)
	// What the last moments wrote; a job cancelled with the session
	// writes its outcomes a little after.
	journal.scan(a.log)
	time.AfterFunc(2*time.Second, func() { journal.scan(a.log) })
	reason, byServer := ended.Load().(string)
	endSession(sess, reason, byServer, start, a.log)
}

// scanJournal logs what the key's journal records, every two seconds,
// until ctx ends.
func scanJournal(ctx context.Context, journal *journalLog, log *slog.Logger) {
	t := time.NewTicker(2 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			journal.scan(log)
		}
	}
}

// endSession logs why the session ended, tells the client when the
// server ended it, and closes the connection of a removed key.
func endSession(sess ssh.Session, reason string, byServer bool, start time.Time, log *slog.Logger) {
	reason = endReason(sess, reason, byServer)
	log.Info("session end", "why", reason, "seconds", int(time.Since(start).Seconds()))
	if byServer {
		// After the dashboard has left the alternate screen.
		_, _ = io.WriteString(sess, "\r\nrdash: session ended: "+reason+"\r\n")
	}
	if reason == serve.ReasonKeyRemoved {
		// Not only this session: the key may open no other on the
		// connection it still holds.
		_ = sess.Exit(1)
		closeConn(sess)
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

// closeConn closes the whole SSH connection sess runs on, with every
// other session on it.
func closeConn(sess ssh.Session) {
	if c, ok := sess.Context().Value(ssh.ContextKeyConn).(gossh.Conn); ok {
		_ = c.Close()
	}
}
