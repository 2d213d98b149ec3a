package savefile

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rdash/api"
)

// sum is the sha256 checksum of s, as a server gives it.
func sum(s string) api.Checksum {
	h := sha256.Sum256([]byte(s))
	return api.Checksum{Algorithm: "sha256", Hex: hex.EncodeToString(h[:])}
}

// names lists the names in dir, sorted, comma-separated.
func names(t *testing.T, dir string) string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range paths {
		paths[i] = filepath.Base(p)
	}
	return strings.Join(paths, ",")
}

func TestLocalName(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		file api.File
		want string // empty: refused
	}{
		{api.File{Name: "lumen-1.0.jar"}, "lumen-1.0.jar"},
		{api.File{Name: "https://example.com/dl/ext-3.5.0.jar?x=1", ExternalURL: "https://example.com/dl/ext-3.5.0.jar?x=1"}, "ext-3.5.0.jar"},
		{api.File{Name: ""}, ""},
		{api.File{Name: "."}, ""},
		{api.File{Name: ".."}, ""},
		{api.File{Name: "../evil.jar"}, ""},
		{api.File{Name: `a\b.jar`}, ""},
		{api.File{Name: "a\x1b[31m.jar"}, ""},
		{api.File{Name: "a\u200b.jar"}, ""},
		{api.File{ExternalURL: "https://example.com/"}, ""},
		{api.File{ExternalURL: "https://example.com/%zz"}, ""},
	} {
		got, err := LocalName(c.file)
		if got != c.want || (err != nil) != (c.want == "") {
			t.Errorf("LocalName(%+v) = %q, %v; want %q", c.file, got, err, c.want)
		}
		if err != nil && strings.ContainsAny(err.Error(), "\x1b\u200b") {
			t.Errorf("error %q carries the name's hidden characters", err)
		}
	}
}

func TestDestination(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	f := api.File{Name: "one.jar"}
	if got, err := Destination(dir, f); err != nil || got != filepath.Join(dir, "one.jar") {
		t.Fatalf("Destination = %q, %v", got, err)
	}
	if got, err := Destination("", f); err != nil || got != "one.jar" {
		t.Errorf("in the current directory: %q, %v", got, err)
	}
	if _, err := Destination(filepath.Join(dir, "missing"), f); err == nil || !strings.Contains(err.Error(), "the directory") {
		t.Errorf("a missing directory: %v", err)
	}
	os.WriteFile(filepath.Join(dir, "one.jar"), []byte("mine"), 0o644)
	if _, err := Destination(filepath.Join(dir, "one.jar"), f); err == nil || !strings.Contains(err.Error(), "is not a directory") {
		t.Errorf("a file as directory: %v", err)
	}
	if got, err := Destination(dir, f); !errors.Is(err, ErrExists) || got != filepath.Join(dir, "one.jar") ||
		!strings.Contains(err.Error(), "already exists") {
		t.Errorf("over an existing file: %q, %v; want the path and ErrExists, to ask", got, err)
	}
	if _, err := Destination(dir, api.File{Name: ".."}); err == nil {
		t.Error("an unusable name was accepted")
	}
}

func TestSaveVerified(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	dest := filepath.Join(dir, "one.jar")
	body := strings.Repeat("lumen", 1000)
	res, err := Save(dest, strings.NewReader(body), Options{Want: sum(body)})
	if err != nil || res.N != int64(len(body)) || res.Checked != "sha256" || res.Sum != sum(body).Hex {
		t.Fatalf("Save = %+v, %v", res, err)
	}
	if got, _ := os.ReadFile(dest); string(got) != body {
		t.Errorf("saved %d bytes", len(got))
	}
	if got := names(t, dir); got != "one.jar" {
		t.Errorf("directory holds %s", got)
	}
	// No checksum given: saved, not verified.
	res, err = Save(filepath.Join(dir, "two.jar"), strings.NewReader("x"), Options{})
	if err != nil || res.Checked != "" {
		t.Errorf("without a checksum: %+v, %v", res, err)
	}
}

func TestSaveChecksumMismatch(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	body := strings.Repeat("the real bytes ", 1000)
	_, err := Save(filepath.Join(dir, "one.jar"), strings.NewReader(body), Options{Want: sum("other bytes")})
	if err == nil || !strings.Contains(err.Error(), "checksum mismatch") || !strings.Contains(err.Error(), "nothing was saved") {
		t.Fatalf("err = %v", err)
	}
	if got := names(t, dir); got != "" {
		t.Errorf("a download that failed its checksum left %s", got)
	}
}

// failing gives some bytes, then the error of a cancelled context.
type failing struct{ sent bool }

func (f *failing) Read(b []byte) (int, error) {
	if !f.sent {
		f.sent = true
		return copy(b, "half"), nil
	}
	return 0, context.Canceled
}

func TestSaveInterrupted(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	_, err := Save(filepath.Join(dir, "one.jar"), &failing{}, Options{Want: sum("whole")})
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "nothing was saved") {
		t.Fatalf("err = %v", err)
	}
	if got := names(t, dir); got != "" {
		t.Errorf("an interrupted download left %s", got)
	}
}

func TestSaveNeverReplacesUnlessForced(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	dest := filepath.Join(dir, "one.jar")
	os.WriteFile(dest, []byte("mine"), 0o644)
	_, err := Save(dest, strings.NewReader("theirs"), Options{})
	if !errors.Is(err, ErrExists) || !strings.Contains(err.Error(), "already exists") {
		t.Fatalf("over an existing file: %v", err)
	}
	if got, _ := os.ReadFile(dest); string(got) != "mine" {
		t.Errorf("existing file overwritten: %q", got)
	}
	if got := names(t, dir); got != "one.jar" {
		t.Errorf("directory holds %s", got)
	}
	if _, err := Save(dest, strings.NewReader("theirs"), Options{Force: true}); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(dest); string(got) != "theirs" {
		t.Errorf("forced: %q", got)
	}
}

func TestSaveRefusesAnotherPart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	dest := filepath.Join(dir, "one.jar")
	os.WriteFile(dest+".part", []byte("being written"), 0o644)
	_, err := Save(dest, strings.NewReader("x"), Options{})
	if err == nil || !strings.Contains(err.Error(), "another download") {
		t.Fatalf("err = %v", err)
	}
	if got, _ := os.ReadFile(dest + ".part"); string(got) != "being written" {
		t.Errorf("another download's .part was touched: %q", got)
	}
	// Forced, a stale .part is replaced.
	if _, err := Save(dest, strings.NewReader("x"), Options{Force: true}); err != nil {
		t.Fatal(err)
	}
	if got := names(t, dir); got != "one.jar" {
		t.Errorf("directory holds %s", got)
	}
}

// TestSaveForceDoesNotFollowAPlantedPart: with Force, a .part that is a
// symlink to another file is replaced, and the file it points at is
// left as it was.
func TestSaveForceDoesNotFollowAPlantedPart(t *testing.T) {
	dir := t.TempDir()
	victim := filepath.Join(dir, "victim")
	if err := os.WriteFile(victim, []byte("keep me"), 0o600); err != nil {
		t.Fatal(err)
	}
	dest := filepath.Join(dir, "one.jar")
	if err := os.Symlink(victim, dest+".part"); err != nil {
		t.Fatal(err)
	}
	if _, err := Save(dest, strings.NewReader("download"), Options{Force: true}); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(victim); string(b) != "keep me" {
		t.Fatalf("the file the .part pointed at now holds %q", b)
	}
	if info, err := os.Lstat(dest); err != nil || !info.Mode().IsRegular() {
		t.Fatalf("dest is not a regular file: %v, %v", info, err)
	}
	if b, _ := os.ReadFile(dest); string(b) != "download" {
		t.Fatalf("dest holds %q", b)
	}
}

func TestSibling(t *testing.T) {
	t.Parallel()
	for path, want := range map[string]string{
		"lumen-1.2.jar":         "lumen-1.2 (1).jar",
		"dir/pack.tar.gz":       "dir/pack (1).tar.gz",
		"noext":                 "noext (1)",
		".hidden":               ".hidden (1)",
		"/tmp/a b/sources.zip":  "/tmp/a b/sources (1).zip",
		"lumen-1.2 (1).jar":     "lumen-1.2 (1) (1).jar",
		"archive.tar":           "archive (1).tar",
		"double.dots.in.it.jar": "double.dots.in.it (1).jar",
	} {
		if got := Sibling(path, 1); got != want {
			t.Errorf("Sibling(%q, 1) = %q, want %q", path, got, want)
		}
	}
}

// TestSaveKeepBoth saves beside an existing file, as a browser does:
// "one (1).jar", then the next free name; the file that was there is
// left as it was, and Force still overwrites.
func TestSaveKeepBoth(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	dest := filepath.Join(dir, "one.jar")
	if err := os.WriteFile(dest, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := FreeSibling(dest); got != filepath.Join(dir, "one (1).jar") {
		t.Errorf("FreeSibling = %q", got)
	}
	for _, want := range []string{"one (1).jar", "one (2).jar"} {
		res, err := Save(dest, strings.NewReader("theirs"), Options{KeepBoth: true})
		if err != nil || res.Path != filepath.Join(dir, want) {
			t.Fatalf("Save = %+v, %v; want %s", res, err, want)
		}
		if b, _ := os.ReadFile(res.Path); string(b) != "theirs" {
			t.Errorf("%s holds %q", want, b)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "one (3).jar"), []byte("made meanwhile"), 0o644); err != nil {
		t.Fatal(err)
	}
	if res, err := Save(dest, strings.NewReader("fourth"), Options{KeepBoth: true}); err != nil || filepath.Base(res.Path) != "one (4).jar" {
		t.Errorf("past a name taken meanwhile: %+v, %v", res, err)
	}
	if b, _ := os.ReadFile(dest); string(b) != "mine" {
		t.Errorf("the file that was there holds %q", b)
	}
	if res, err := Save(dest, strings.NewReader("over"), Options{KeepBoth: true, Force: true}); err != nil || res.Path != dest {
		t.Fatalf("Force with KeepBoth = %+v, %v", res, err)
	}
	if b, _ := os.ReadFile(dest); string(b) != "over" {
		t.Errorf("Force did not overwrite: %q", b)
	}
	if names, _ := os.ReadDir(dir); len(names) != 5 {
		t.Errorf("files: %v; want one.jar and four siblings, no .part", names)
	}
}
