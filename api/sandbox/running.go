package sandbox

import (
	"errors"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"time"
)

// Running is a Server listening on an address.
type Running struct {
	BaseURL      string // the API base, http://HOST:PORT/api/v1
	AuthURL      string // the account service, http://HOST:PORT/auth
	ClientID     string // the seed's first OAuth app
	ClientSecret string

	srv    *http.Server
	server *Server
	done   chan struct{}
}

// Start listens on addr (for example "127.0.0.1:0") and serves in the
// background until Close.
func (s *Server) Start(addr string) (*Running, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	origin := "http://" + advertised(ln.Addr())
	a := s.st.apps[0]
	run := &Running{
		BaseURL: origin + APIPrefix, AuthURL: origin + AuthPrefix,
		ClientID: a.clientID, ClientSecret: a.secret,
		srv: &http.Server{
			Handler:           s.handler,
			ReadHeaderTimeout: 10 * time.Second,
			ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelDebug),
		},
		server: s,
		done:   make(chan struct{}),
	}
	go func() {
		defer close(run.done)
		if err := run.srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			s.log.Error("serve", "error", err)
		}
	}()
	s.log.Info("sandbox listening", "base_url", run.BaseURL, "auth_url", run.AuthURL, "profile", s.prof.Name)
	return run, nil
}

// advertised is the host:port clients should use: a wildcard listener is
// reached on the loopback address.
func advertised(addr net.Addr) string {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok || !tcp.IP.IsUnspecified() {
		return addr.String()
	}
	return net.JoinHostPort("127.0.0.1", strconv.Itoa(tcp.Port))
}

// Close stops serving at once, closing open connections, waits for the
// server to stop, and removes the uploads it stored on disk (Server.Close).
func (r *Running) Close() error {
	err := r.srv.Close()
	<-r.done
	return errors.Join(err, r.server.Close())
}

// Env returns the environment that points rdash at this server, in the
// order RDASH_BASE_URL, RDASH_AUTH_URL, RDASH_CLIENT_ID, RDASH_CLIENT_SECRET.
func (r *Running) Env() []string {
	return []string{
		"RDASH_BASE_URL=" + r.BaseURL,
		"RDASH_AUTH_URL=" + r.AuthURL,
		"RDASH_CLIENT_ID=" + r.ClientID,
		"RDASH_CLIENT_SECRET=" + r.ClientSecret,
	}
}
