package server

import (
	"fmt"
	"os"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"rdash/internal/serve"
)

// maxAuthTries is how many failed authentications a connection gets
// before it is closed (OpenSSH's MaxAuthTries).
const maxAuthTries = 6

// sshServer is the SSH server: public keys only, one handler for every
// session (the dashboard), and the limits on connections, channels and
// requests around the library's session handling. Its handshake deadline
// is the library's; everything else the library would allow (shells,
// port and agent forwarding, X11, subsystems) is refused.
func (s *Server) sshServer() (*ssh.Server, error) {
	pem, err := os.ReadFile(s.opts.HostKey)
	if err != nil {
		return nil, fmt.Errorf("host key: %w", err)
	}
	signer, err := gossh.ParsePrivateKey(pem)
	if err != nil {
		return nil, fmt.Errorf("host key %s: %w", s.opts.HostKey, err)
	}
	return &ssh.Server{
		Addr:                 s.opts.Addr,
		HostSigners:          []ssh.Signer{signer},
		Handler:              s.handle,
		PublicKeyHandler:     s.authorize,
		PtyHandler:           s.ptyRequested,
		ConnCallback:         s.accept,
		ServerConfigCallback: s.sshConfig,
		HandshakeTimeout:     s.opts.HandshakeTimeout,
		ChannelHandlers:      map[string]ssh.ChannelHandler{"session": s.sessionChannel},
	}, nil
}

// sshConfig is the protocol's config for one connection: it learns of
// the connection's authentication, which the library does not report.
// The callback is told of every attempt; a nil error is the one that
// succeeded (a key only queried, not signed with, is not reported).
func (s *Server) sshConfig(ctx ssh.Context) *gossh.ServerConfig {
	return &gossh.ServerConfig{
		MaxAuthTries: maxAuthTries,
		AuthLogCallback: func(_ gossh.ConnMetadata, _ string, err error) {
			if c := connOf(ctx); c != nil && err == nil {
				c.authenticated()
			}
		},
	}
}

// authorize is the only way in: a public key in the authorized_keys
// file, read again now.
func (s *Server) authorize(ctx ssh.Context, key ssh.PublicKey) bool {
	ok, err := serve.Authorized(s.opts.AuthorizedKeys, key)
	s.logged(func() {
		if err != nil {
			s.log.Error("reading authorized_keys", "err", err.Error())
		}
		if !ok {
			s.log.Warn("key refused", "key", serve.Fingerprint(key), "remote", ctx.RemoteAddr().String(), "user", ctx.User())
		}
	})
	return ok
}
