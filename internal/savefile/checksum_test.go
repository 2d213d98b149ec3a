package savefile

import (
	"context"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha512"
	"encoding/hex"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"rdash/api"
)

// Each algorithm a server may give is checked while copying: the right
// digest passes and says which was checked, a wrong one fails naming it,
// and without one nothing is hashed.
func TestCopyChecked(t *testing.T) {
	t.Parallel()
	const body = "lumen 2.4.0"
	digests := map[string]string{
		"sha512": hex.EncodeToString(func() []byte { h := sha512.Sum512([]byte(body)); return h[:] }()),
		"sha256": sum(body).Hex,
		"sha1":   hex.EncodeToString(func() []byte { h := sha1.Sum([]byte(body)); return h[:] }()),
		"md5":    hex.EncodeToString(func() []byte { h := md5.Sum([]byte(body)); return h[:] }()),
	}
	for algo, want := range digests {
		var b strings.Builder
		n, got, err := CopyChecked(&b, strings.NewReader(body), api.Checksum{Algorithm: algo, Hex: want})
		if err != nil || n != int64(len(body)) || got != want || b.String() != body {
			t.Errorf("%s: CopyChecked = %d, %s, %v; wrote %q", algo, n, got, err, b.String())
		}
		bad := api.Checksum{Algorithm: algo, Hex: strings.Repeat("0", len(want))}
		if _, _, err := CopyChecked(io.Discard, strings.NewReader(body), bad); err == nil || !strings.Contains(err.Error(), "checksum mismatch: the service gives "+algo) {
			t.Errorf("%s: a wrong digest: %v", algo, err)
		}
	}
	n, got, err := CopyChecked(io.Discard, strings.NewReader(body), api.Checksum{})
	if err != nil || n != int64(len(body)) || got != "" {
		t.Errorf("without a checksum: %d, %q, %v", n, got, err)
	}
	if _, _, err := CopyChecked(io.Discard, &failing{}, sum("x")); !errors.Is(err, context.Canceled) {
		t.Errorf("a failing source: %v", err)
	}
}

// The strict sandbox's checksum, {"sha1", "sha512"}, is verified with
// sha512, and the save says so; a wrong sha512 fails it even when the
// sha1 is right.
func TestSaveVerifiesTheStrongest(t *testing.T) {
	t.Parallel()
	const body = "emberforge"
	s512 := sha512.Sum512([]byte(body))
	s1 := sha1.Sum([]byte(body))
	f := api.File{Checksum: map[string]any{"sha1": hex.EncodeToString(s1[:]), "sha512": hex.EncodeToString(s512[:])}}
	want, ok := f.StrongestChecksum()
	dir := t.TempDir()
	res, err := Save(filepath.Join(dir, "a.jar"), strings.NewReader(body), Options{Want: want})
	if !ok || err != nil || res.Checked != "sha512" || Note(f, res.Checked) != "sha512 verified" {
		t.Fatalf("Save = %+v, %v; note %q", res, err, Note(f, res.Checked))
	}
	f.Checksum["sha512"] = strings.Repeat("ab", 64)
	want, _ = f.StrongestChecksum()
	if _, err := Save(filepath.Join(dir, "b.jar"), strings.NewReader(body), Options{Want: want}); err == nil || !strings.Contains(err.Error(), "sha512") {
		t.Fatalf("a wrong sha512 beside a right sha1: %v", err)
	}
}

// The note names what was checked, or why nothing was.
func TestNote(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		sum     map[string]any
		checked string
		want    string
	}{
		{map[string]any{"sha512": "…"}, "sha512", "sha512 verified"},
		{nil, "", "no checksum given"},
		{map[string]any{"xxh64": "1", "crc32": "2"}, "", "no checksum rdash knows given (crc32, xxh64)"},
		{map[string]any{"crc\x1b[31m": "2"}, "", "no checksum rdash knows given (crc⟨U+001B⟩[31m)"},
	} {
		if got := Note(api.File{Checksum: tc.sum}, tc.checked); got != tc.want {
			t.Errorf("Note(%v, %q) = %q, want %q", tc.sum, tc.checked, got, tc.want)
		}
	}
}
