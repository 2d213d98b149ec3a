package api_test

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"rdash/api"
)

// trickler is a hostile server on raw TCP: after a request's headers it
// writes head at once, then slow one byte per second, then holds the
// connection open without a word until the test ends. It never reads a
// request body, so an upload to it stalls once the socket is full.
type trickler struct {
	ln   net.Listener
	head string
	slow string
	done chan struct{}
	wg   sync.WaitGroup
}

func newTrickler(t *testing.T, head, slow string) *trickler {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	tr := &trickler{ln: ln, head: head, slow: slow, done: make(chan struct{})}
	tr.wg.Go(tr.serve)
	t.Cleanup(func() {
		close(tr.done)
		ln.Close()
		tr.wg.Wait()
	})
	return tr
}

func (tr *trickler) serve() {
	for {
		conn, err := tr.ln.Accept()
		if err != nil {
			return
		}
		tr.wg.Go(func() { tr.answer(conn) })
	}
}

func (tr *trickler) answer(conn net.Conn) {
	defer conn.Close()
	go func() { <-tr.done; conn.Close() }()
	r := bufio.NewReader(conn)
	for line, err := r.ReadString('\n'); line != "\r\n"; line, err = r.ReadString('\n') {
		if err != nil {
			return
		}
	}
	if _, err := io.WriteString(conn, tr.head); err != nil {
		return
	}
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for i := 0; i < len(tr.slow); i++ {
		select {
		case <-tr.done:
			return
		case <-tick.C:
		}
		if _, err := conn.Write([]byte{tr.slow[i]}); err != nil {
			return
		}
	}
	<-tr.done
}

func (tr *trickler) client(t *testing.T, l api.Limits) *api.Client {
	t.Helper()
	c, err := api.New("http://"+tr.ln.Addr().String()+"/api/v1", api.WithLimits(l), api.WithMaxRetries(0))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// wantTimeout checks the error names the request, the server, what
// happened and the setting that sets the limit.
func wantTimeout(t *testing.T, err error, tr *trickler, setting string, says ...string) {
	t.Helper()
	var te *api.TimeoutError
	if !errors.As(err, &te) || !errors.Is(err, api.ErrTimeout) || te.Setting != setting {
		t.Fatalf("err = %v (%T); want a TimeoutError of %s", err, err, setting)
	}
	for _, want := range append(says, tr.ln.Addr().String(), setting) {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q lacks %q", err, want)
		}
	}
}

const jsonHead = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"

// TestHeadersOneBytePerSecond: a server that sends its status line a byte a
// second never finishes its headers; the response limit ends the wait
// (issue 18.9: such a server held every command for ever).
func TestHeadersOneBytePerSecond(t *testing.T) {
	t.Parallel()
	tr := newTrickler(t, "", "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}")
	_, _, err := tr.client(t, api.Limits{Response: 300 * time.Millisecond}).GetUser(t.Context(), api.Me)
	wantTimeout(t, err, tr, api.SettingResponse, "GET /api/v1/users/@me", "no answer from")
}

// TestJSONBodyOneBytePerSecond: a JSON answer that trickles in is ended by
// the total limit, though bytes keep coming.
func TestJSONBodyOneBytePerSecond(t *testing.T) {
	t.Parallel()
	tr := newTrickler(t, jsonHead, `{"data":{"id":"u1","username":"alice"}}`)
	_, _, err := tr.client(t, api.Limits{Total: 300 * time.Millisecond}).GetUser(t.Context(), api.Me)
	wantTimeout(t, err, tr, api.SettingTotal, "took longer than 300ms")
}

// TestStalledDownload: a download that stops moving is reported as
// stalled, naming the server and the setting.
func TestStalledDownload(t *testing.T) {
	t.Parallel()
	tr := newTrickler(t, "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nfirst bytes", "")
	body, _, err := tr.client(t, api.Limits{Stall: 300 * time.Millisecond}).Download(t.Context(), "lumen", "AbCd1234", "")
	if err != nil {
		t.Fatal(err)
	}
	defer body.Close()
	got, err := io.ReadAll(body)
	if string(got) != "first bytes" {
		t.Errorf("read %q before the stall", got)
	}
	wantTimeout(t, err, tr, api.SettingStall, "the download stalled: no data from")
}

// TestStalledUpload: an upload the server stops taking is reported as a
// stalled upload, and a change that may have reached the server as maybe
// applied.
func TestStalledUpload(t *testing.T) {
	t.Parallel()
	tr := newTrickler(t, "", "")
	big := api.Upload{Name: "big.jar", Open: func() (io.ReadCloser, error) {
		return io.NopCloser(io.LimitReader(zeros{}, 256<<20)), nil
	}}
	c := tr.client(t, api.Limits{Stall: 300 * time.Millisecond})
	_, _, err := c.UpdateVersion(t.Context(), "lumen", "AbCd1234", &api.UpdateVersionRequest{Files: []string{"big.jar"}, Uploads: []api.Upload{big}})
	wantTimeout(t, err, tr, api.SettingStall, "PATCH /api/v1/projects/lumen/versions/AbCd1234", "the upload stalled")
	if !errors.Is(err, api.ErrMaybeApplied) {
		t.Errorf("err = %v; want it marked maybe applied", err)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// TestTransfersGoOnWhileBytesMove: a download has no total limit; only a
// stall ends it. (The total limit here is far below the download's
// length, and no other limit is set.)
func TestTransfersGoOnWhileBytesMove(t *testing.T) {
	t.Parallel()
	tr := newTrickler(t, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\na", "b")
	body, _, err := tr.client(t, api.Limits{Total: time.Millisecond}).Download(t.Context(), "lumen", "AbCd1234", "")
	if err != nil {
		t.Fatal(err)
	}
	defer body.Close()
	if got, err := io.ReadAll(body); err != nil || string(got) != "ab" {
		t.Fatalf("download = %q, %v", got, err)
	}
}

// TestLimitTransport: clients outside the package (the token endpoint's)
// get the same limits.
func TestLimitTransport(t *testing.T) {
	t.Parallel()
	tr := newTrickler(t, "", "HTTP/1.1 200 OK\r\n")
	hc := &http.Client{Transport: api.LimitTransport(nil, api.Limits{Response: 300 * time.Millisecond})}
	_, err := hc.Get("http://" + tr.ln.Addr().String() + "/auth/oauth/token")
	wantTimeout(t, err, tr, api.SettingResponse, "GET /auth/oauth/token")
}

// TestResponseLimitAfterABody: once a request body of known length is
// sent (the transport never reads such a body to its EOF), the wait for
// the answer is the response limit's, not an upload's.
func TestResponseLimitAfterABody(t *testing.T) {
	t.Parallel()
	tr := newTrickler(t, "", "")
	c := tr.client(t, api.Limits{Response: 300 * time.Millisecond})
	_, err := c.UpdateVersions(t.Context(), "lumen", []string{"AbCd1234"}, &api.BulkPatch{Name: api.Ptr("x")})
	wantTimeout(t, err, tr, api.SettingResponse, "PATCH /api/v1/projects/lumen/versions", "no answer from")
}
