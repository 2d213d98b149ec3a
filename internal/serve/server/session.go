package server

import (
	"fmt"
	"io"
	"log/slog"
	"runtime/debug"

	"charm.land/ssh"

	"rdash/internal/serve"
)

// admitted is a session let in: its key's fingerprint and directory, its
// terminal, its connection and its log.
type admitted struct {
	fp   string
	dir  string
	term *terminal
	conn *conn
	log  *slog.Logger
}

// handle is every session: the dashboard for an admitted one, else a
// sentence saying why not. A panic in it ends this session only, logged
// with its stack (bubbletea catches the dashboard's own panics, ends the
// program, and Run returns an error, logged as the session's end).
func (s *Server) handle(sess ssh.Session) {
	log := s.log.With("remote", sess.RemoteAddr().String())
	if k := sess.PublicKey(); k != nil {
		log = log.With("key", serve.Fingerprint(k))
	}
	done, ok := s.tasks.start()
	if !ok {
		refuse(sess, s.terminalOf(sess), "the server is shutting down")
		return
	}
	// Run waits for every session before it returns, so none logs after.
	defer done()
	defer s.recoverSession(sess, log)
	if a := s.admit(sess, log); a != nil {
		s.runSession(sess, a)
	}
}

// recoverSession is the session's panic recovery: it logs the panic and
// ends the session, not the server.
func (s *Server) recoverSession(sess ssh.Session, log *slog.Logger) {
	r := recover()
	if r == nil {
		return
	}
	log.Error("session panic", "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
	_, _ = io.WriteString(sess.Stderr(), "\r\nrdash: the session failed; the server's log says why\r\n")
	_ = sess.Exit(1)
}

// admit lets a session in, or tells it why not and returns nil.
func (s *Server) admit(sess ssh.Session, log *slog.Logger) *admitted {
	key := sess.PublicKey()
	t := s.terminalOf(sess)
	if key == nil { // cannot happen: public keys are the only way in
		refuse(sess, t, "no public key")
		return nil
	}
	// The allow-list was checked when the connection was made; it may
	// have changed since, so it is checked again for each session.
	if ok, err := serve.Authorized(s.opts.AuthorizedKeys, key); !ok {
		if err != nil {
			log.Error("reading authorized_keys", "err", err.Error())
		}
		log.Info("session refused", "why", serve.ReasonKeyRemoved)
		// The connection itself is closed by the sweep.
		refuse(sess, t, "this key is no longer allowed on this server")
		return nil
	}
	switch {
	case t == nil:
		log.Info("session refused", "why", "no terminal")
		refuse(sess, t, "rdash serve shows the dashboard and needs a terminal: connect with ssh -t")
		return nil
	case t.bad != "":
		log.Info("session refused", "why", t.bad)
		refuse(sess, t, t.bad)
		return nil
	}
	dir, err := serve.KeyDir(s.stateRoot(), key)
	if err != nil {
		log.Error("key directory", "err", err.Error())
		refuse(sess, t, "cannot prepare this key's directory; the server's log says why")
		return nil
	}
	return &admitted{fp: serve.Fingerprint(key), dir: dir, term: t, conn: connOf(sess.Context()), log: log}
}

// refuse tells the client why there is no dashboard and ends the
// session; a terminal in raw mode needs its CR.
func refuse(sess ssh.Session, t *terminal, why string) {
	end := "\n"
	if t != nil {
		end = "\r\n"
	}
	_, _ = io.WriteString(sess.Stderr(), "rdash: "+why+end)
	_ = sess.Exit(1)
}
