package server

import (
	"net"
	"sync"
	"time"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"rdash/internal/serve"
)

// maxChannels is how many session channels one connection may have open
// at once: one dashboard per connection. A client's multiplexed sessions
// (OpenSSH's ControlMaster) each need a connection of their own.
const maxChannels = 1

type connKey struct{}

// conn is one TCP connection: its place under the server's limits and,
// once authenticated, its channels, its dashboards and the timer that
// closes it while it holds no dashboard.
type conn struct {
	net.Conn
	s    *Server
	ctx  ssh.Context
	slot *serve.ConnSlot

	mu       sync.Mutex
	authed   bool
	closed   bool
	removed  bool // its key was found removed by a sweep
	channels int
	sessions int
	idle     *time.Timer // closes it after NoDashboard without a dashboard
}

// connOf is the conn of an SSH connection's context.
func connOf(ctx ssh.Context) *conn {
	c, _ := ctx.Value(connKey{}).(*conn)
	return c
}

// accept admits a new TCP connection under the limits, or refuses it
// (the library then closes it) before any byte of SSH is spent on it.
func (s *Server) accept(ctx ssh.Context, nc net.Conn) net.Conn {
	slot, err := s.limits.Admit(nc.RemoteAddr())
	if err != nil {
		s.logged(func() { s.refused.note(err.Error()) })
		return nil
	}
	c := &conn{Conn: nc, s: s, ctx: ctx, slot: slot}
	ctx.SetValue(connKey{}, c)
	s.conns.add(c)
	return c
}

// Close closes the connection and gives its place back.
func (c *conn) Close() error {
	err := c.Conn.Close()
	c.mu.Lock()
	first := !c.closed
	c.closed = true
	if c.idle != nil {
		c.idle.Stop()
	}
	c.mu.Unlock()
	if first {
		c.slot.Release()
		c.s.conns.remove(c)
	}
	return err
}

// authenticated moves the connection out of the unauthenticated count
// and starts the wait for its first dashboard.
func (c *conn) authenticated() {
	c.slot.Authenticated()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.authed = true
	c.armIdleLocked()
}

// armIdleLocked starts the timer that closes a connection without a
// dashboard; c.mu is held.
func (c *conn) armIdleLocked() {
	d := c.s.opts.NoDashboard
	if d <= 0 || c.closed {
		return
	}
	if c.idle == nil {
		c.idle = time.AfterFunc(d, c.closeIdle)
		return
	}
	c.idle.Reset(d)
}

// closeIdle closes the connection if it still holds no dashboard.
func (c *conn) closeIdle() {
	c.mu.Lock()
	idle := c.sessions == 0 && !c.closed
	c.mu.Unlock()
	if !idle {
		return
	}
	c.s.logged(func() {
		c.s.log.Info("connection closed", "why", "no dashboard opened", "after", c.s.opts.NoDashboard.String(),
			"remote", c.RemoteAddr().String())
	})
	c.closeSSH()
}

// closeSSH closes the SSH connection, which ends every channel on it, or
// the bare TCP connection before the handshake has finished.
func (c *conn) closeSSH() {
	if sc, ok := c.ctx.Value(ssh.ContextKeyConn).(gossh.Conn); ok {
		_ = sc.Close()
		return
	}
	_ = c.Close()
}

// openChannel takes a channel place, or reports the connection full.
func (c *conn) openChannel() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.channels >= maxChannels {
		return false
	}
	c.channels++
	return true
}

func (c *conn) closeChannel() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.channels--
}

// sessionStarted and sessionEnded count the connection's dashboards;
// without one, the idle timer runs.
func (c *conn) sessionStarted() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sessions++
	if c.idle != nil {
		c.idle.Stop()
	}
}

func (c *conn) sessionEnded() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.sessions--; c.sessions == 0 && c.authed {
		c.armIdleLocked()
	}
}

// key is the connection's authenticated key, or nil before then.
func (c *conn) key() ssh.PublicKey {
	k, _ := c.ctx.Value(ssh.ContextKeyPublicKey).(ssh.PublicKey)
	return k
}
