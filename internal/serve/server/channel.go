package server

import (
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
	f := &requestFilter{s: s, log: s.log.With("remote", sc.RemoteAddr().String())}
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
	log        *slog.Logger
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
		var kv struct{ Key, Value string }
		if gossh.Unmarshal(req.Payload, &kv) == nil && serve.EnvAllowed(kv.Key, kv.Value) && f.env < serve.MaxEnv {
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
