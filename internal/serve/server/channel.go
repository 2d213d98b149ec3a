package server

import (
	"encoding/binary"
	"fmt"
	"log/slog"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"rdash/internal/serve"
)

// sessionChannel takes a session channel when its connection has room
// (one dashboard per connection) and runs the library's session handler
// on it, through filterRequests: the library keeps every environment
// request, of any size, and accepts agent forwarding it never uses.
func (s *Server) sessionChannel(srv *ssh.Server, sc *gossh.ServerConn, nc gossh.NewChannel, ctx ssh.Context) {
	c := connOf(ctx)
	if c == nil || !c.openChannel() {
		_ = nc.Reject(gossh.ResourceShortage, "rdash serve: one dashboard per connection; open another connection for another")
		return
	}
	defer c.closeChannel()
	f := &requestFilter{s: s, conn: c, log: s.log.With("remote", sc.RemoteAddr().String())}
	ssh.DefaultSessionHandler(srv, sc, filteredChannel{NewChannel: nc, filter: f}, ctx)
}

// filteredChannel is a new channel whose requests pass a filter once
// accepted.
type filteredChannel struct {
	gossh.NewChannel
	filter *requestFilter
}

// Accept accepts the channel and returns its filtered requests.
func (fc filteredChannel) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, reqs, err := fc.NewChannel.Accept()
	if err != nil {
		return nil, nil, err
	}
	out := make(chan *gossh.Request)
	go fc.filter.run(reqs, out)
	return ch, out, nil
}

// agentRequest is OpenSSH's request to forward the client's agent (-A).
const agentRequest = "auth-agent-req@openssh.com"

// requestFilter answers, on the library's behalf, the requests it would
// accept without limit, and passes the rest on.
type requestFilter struct {
	s          *Server
	conn       *conn
	log        *slog.Logger
	envs       int // environment requests seen
	env        int // environment variables passed on
	refusedEnv int
	agent      bool
}

// run passes on what in carries, less what keep answers, until the
// channel closes; then it logs what it refused.
func (f *requestFilter) run(in <-chan *gossh.Request, out chan<- *gossh.Request) {
	defer close(out)
	for req := range in {
		if f.keep(req) {
			out <- req
		}
		if f.envs == serve.MaxEnvRequests+1 {
			f.s.logged(func() {
				f.log.Warn("connection closed", "why", fmt.Sprintf("more than %d environment requests", serve.MaxEnvRequests))
			})
			f.conn.closeSSH()
		}
	}
	if f.refusedEnv > 0 || f.agent {
		f.s.logged(func() {
			f.log.Info("requests refused", "env", f.refusedEnv, "agent_forwarding", f.agent)
		})
	}
}

// keep reports whether req goes on to the library; a request it does not
// keep it has answered.
func (f *requestFilter) keep(req *gossh.Request) bool {
	switch req.Type {
	case "env":
		f.envs++
		name, value, ok := envPair(req.Payload)
		// The name is made a string only once its length is known to be
		// small: a flood of large requests leaves no copies to collect.
		if ok && len(name) <= serve.MaxEnvNameLen && serve.EnvAllowed(string(name), len(value)) && f.env < serve.MaxEnv {
			f.env++
			return true
		}
		f.refusedEnv++
	case agentRequest:
		f.agent = true
	default:
		return true
	}
	if req.WantReply {
		_ = req.Reply(false, nil)
	}
	return false
}

// envPair is an env request's name and value, as the protocol sends
// them (RFC 4254 6.4: two strings), without copying either.
func envPair(p []byte) (name, value []byte, ok bool) {
	if name, p, ok = sshString(p); !ok {
		return nil, nil, false
	}
	value, p, ok = sshString(p)
	return name, value, ok && len(p) == 0
}

// sshString splits an SSH string (a 32-bit length, then the bytes) off p.
func sshString(p []byte) (s, rest []byte, ok bool) {
	if len(p) < 4 {
		return nil, nil, false
	}
	n := binary.BigEndian.Uint32(p)
	if uint64(n) > uint64(len(p)-4) {
		return nil, nil, false
	}
	return p[4 : 4+n], p[4+n:], true
}
