package cmd

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rdash/api/sandbox"
	"rdash/internal/testwait"
)

// dirNames lists a directory's entries.
func dirNames(t *testing.T, dir string) string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return strings.Join(out, ",")
}

func TestVersionsDownloadVerifiedIntoDir(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	src := t.TempDir()
	c.ok("versions", "create", "--yes", "lumen", "--version", "3.4.0", "--name", "n", "--channel", "beta",
		"--file", writeTemp(t, src, "lumen-3.4.0.jar", "primary bytes"), "--file", writeTemp(t, src, "lumen-3.4.0-sources.jar", "sources"))
	dir := filepath.Join(t.TempDir(), "made")
	r := c.run("", "versions", "download", "lumen", "3.4.0", "--dir", dir)
	if r.code != 0 || !strings.Contains(r.err, "sha256 verified") {
		t.Fatalf("exit %d: %s", r.code, r.err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "lumen-3.4.0.jar")); string(got) != "primary bytes" {
		t.Errorf("primary file %q", got)
	}
	c.ok("versions", "download", "lumen", "3.4.0", "--dir", dir, "--file", "lumen-3.4.0-sources.jar")
	if got := dirNames(t, dir); got != "lumen-3.4.0-sources.jar,lumen-3.4.0.jar" {
		t.Errorf("directory holds %s", got)
	}

	// An existing file is kept unless --force.
	os.WriteFile(filepath.Join(dir, "lumen-3.4.0.jar"), []byte("mine"), 0o644)
	r = c.run("", "versions", "download", "lumen", "3.4.0", "--dir", dir)
	if r.code != ExitCancel || !strings.Contains(r.err, "--force") {
		t.Errorf("over an existing file: exit %d, %q", r.code, r.err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "lumen-3.4.0.jar")); string(got) != "mine" {
		t.Errorf("existing file overwritten: %q", got)
	}
	c.ok("versions", "download", "lumen", "3.4.0", "--dir", dir, "--force")
	if got, _ := os.ReadFile(filepath.Join(dir, "lumen-3.4.0.jar")); string(got) != "primary bytes" {
		t.Errorf("--force: %q", got)
	}
	if r := c.run("", "versions", "download", "lumen", "3.4.0", "--file", "nope.jar"); r.code != ExitCancel || !strings.Contains(r.err, "lumen-3.4.0-sources.jar") {
		t.Errorf("unknown --file: exit %d, %q", r.code, r.err)
	}
}

func TestVersionsDownloadExternal(t *testing.T) {
	t.Parallel()
	ext := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "hosted elsewhere")
	}))
	t.Cleanup(ext.Close)
	c := newCLI(t, "alice", sandbox.Options{})
	c.ok("versions", "create", "--yes", "lumen", "--version", "3.5.0", "--name", "n", "--channel", "beta", "--url", ext.URL+"/dl/ext-3.5.0.jar")
	dir := t.TempDir()
	r := c.run("", "versions", "download", "lumen", "3.5.0", "--dir", dir)
	if r.code != ExitCancel || !strings.Contains(r.err, ext.URL+"/dl/ext-3.5.0.jar") || !strings.Contains(r.err, "--follow-external") {
		t.Fatalf("external, not followed: exit %d, %q", r.code, r.err)
	}
	if got := dirNames(t, dir); got != "" {
		t.Fatalf("an external file not asked for was written: %s", got)
	}
	r = c.run("", "versions", "download", "lumen", "3.5.0", "--dir", dir, "--follow-external")
	if r.code != 0 || !strings.Contains(r.err, "no checksum given") {
		t.Fatalf("--follow-external: exit %d, %q", r.code, r.err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "ext-3.5.0.jar")); string(got) != "hosted elsewhere" {
		t.Errorf("followed external file %q", got)
	}
}

// fakeService serves one version whose file has the given checksum and
// body; hold, when set, is called after the first half of the body is
// sent and before the rest.
func fakeService(t *testing.T, sum, body string, hold func(r *http.Request)) string {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/v1/projects/p/versions/1.0.0", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"data":{"id":"AbCd1234","version":"1.0.0","name":"One","channel":{"id":"chRel000","name":"Release","slug":"release"},
			"minecraft_versions":[],"platforms":[],"dependencies":[],"downloads":0,"created_at":"2026-01-01T00:00:00Z",
			"files":[{"id":"FiLe1234","name":"one.jar","checksum":{"sha256":%q},"size":%d,"is_primary":true,"created_at":"2026-01-01T00:00:00Z"}]}}`, sum, len(body))
	})
	mux.HandleFunc("GET /api/v1/projects/p/versions/AbCd1234/download/FiLe1234", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/files/FiLe1234/one.jar", http.StatusFound)
	})
	mux.HandleFunc("GET /files/FiLe1234/one.jar", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", fmt.Sprint(len(body)))
		half := len(body) / 2
		fmt.Fprint(w, body[:half])
		if hold != nil {
			w.(http.Flusher).Flush()
			hold(r)
		}
		fmt.Fprint(w, body[half:])
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL + "/api/v1"
}

func TestVersionsDownloadChecksumMismatch(t *testing.T) {
	t.Parallel()
	body := strings.Repeat("the real bytes ", 1000)
	wrong := sha256.Sum256([]byte("other bytes"))
	c := newCLI(t, "", sandbox.Options{})
	c.env["RDASH_BASE_URL"] = fakeService(t, hex.EncodeToString(wrong[:]), body, nil)
	dir := t.TempDir()
	r := c.run("", "versions", "download", "p", "1.0.0", "--dir", dir)
	if r.code != ExitFailure || !strings.Contains(r.err, "one.jar") || !strings.Contains(r.err, "checksum mismatch") {
		t.Fatalf("exit %d, %q; want 1 naming one.jar and the mismatch", r.code, r.err)
	}
	if got := dirNames(t, dir); got != "" {
		t.Errorf("a download that failed its checksum left %s", got)
	}
	// The same bytes with the right checksum are kept.
	right := sha256.Sum256([]byte(body))
	c.env["RDASH_BASE_URL"] = fakeService(t, hex.EncodeToString(right[:]), body, nil)
	c.ok("versions", "download", "p", "1.0.0", "--dir", dir)
	if got := dirNames(t, dir); got != "one.jar" {
		t.Errorf("directory holds %s", got)
	}
}

// TestVersionsDownloadInterrupted: Ctrl+C halfway leaves neither the file
// nor its .part.
func TestVersionsDownloadInterrupted(t *testing.T) {
	t.Parallel()
	body := strings.Repeat("z", 256<<10)
	sum := sha256.Sum256([]byte(body))
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	dir := t.TempDir()
	c := newCLI(t, "", sandbox.Options{})
	sawPart := false
	c.env["RDASH_BASE_URL"] = fakeService(t, hex.EncodeToString(sum[:]), body, func(r *http.Request) {
		// Wait for the client to be writing the .part, then interrupt
		// it and hold the rest of the body back.
		for deadline := time.Now().Add(testwait.Limit(t)); !sawPart && time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
			_, err := os.Stat(filepath.Join(dir, "one.jar.part"))
			sawPart = err == nil
		}
		cancel()
		<-r.Context().Done()
	})
	r := c.runCtx(ctx, "versions", "download", "p", "1.0.0", "--dir", dir)
	if r.code == 0 {
		t.Fatalf("an interrupted download succeeded: %q", r.err)
	}
	if !sawPart {
		t.Error("the download was never written to one.jar.part")
	}
	if got := dirNames(t, dir); got != "" {
		t.Errorf("an interrupted download left %s", got)
	}
}

// TestDownloadExternalUnreachable: an external file whose host cannot be
// reached is said to be the host's fault, not the service's (whose
// base_url rdash reached), and the message says which host.
func TestDownloadExternalUnreachable(t *testing.T) {
	t.Parallel()
	closed := httptest.NewServer(http.NotFoundHandler())
	gone := closed.URL + "/dl/ext-3.6.0.jar"
	closed.Close() // nothing listens there now: the dial is refused
	c := newCLI(t, "alice", sandbox.Options{})
	c.ok("versions", "create", "--yes", "lumen", "--version", "3.6.0", "--name", "n", "--channel", "beta", "--url", gone)
	r := c.run("", "versions", "download", "lumen", "3.6.0", "--dir", t.TempDir(), "--follow-external")
	host := strings.TrimPrefix(closed.URL, "http://")
	if r.code != ExitFailure || !strings.Contains(r.err, "could not reach "+host+" (the file's external host): connection refused; the service answered") ||
		strings.Contains(r.err, "base_url") {
		t.Fatalf("exit %d, stderr %q", r.code, r.err)
	}
}
