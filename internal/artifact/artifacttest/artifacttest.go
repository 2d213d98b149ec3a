// Package artifacttest builds the archives that the tests of publishing
// from a build read (internal/artifact, versions create --from, the
// dashboard's prefill): zips written as a build would, from files in
// memory or from internal/artifact's testdata, the same bytes for the same
// files.
package artifacttest

import (
	"archive/zip"
	"bytes"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
)

// Zip is a zip archive of files (name → content), written in name order
// with no timestamps, so the same files make the same bytes. Names are
// written as given, "../" and all. Members are deflated, as a build
// tool writes them.
func Zip(files map[string][]byte) ([]byte, error) { return write(files, zip.Deflate) }

// Stored is Zip with every member stored, not deflated: a valid archive
// that costs a fuzz input microseconds, not the compressor's reset of
// hundreds of kilobytes per member, and whose writing and reading add no
// compressor code paths to the coverage that guides the fuzzer.
func Stored(files map[string][]byte) ([]byte, error) { return write(files, zip.Store) }

func write(files map[string][]byte, method uint16) ([]byte, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, n := range slices.Sorted(maps.Keys(files)) {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: n, Method: method})
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(files[n]); err != nil {
			return nil, err
		}
	}
	err := zw.Close()
	return buf.Bytes(), err
}

// Bytes is Zip for a test: a failure fails t.
func Bytes(t testing.TB, files map[string][]byte) []byte {
	t.Helper()
	z, err := Zip(files)
	if err != nil {
		t.Fatal(err)
	}
	return z
}

// ZipText is Zip of text files, as a string.
func ZipText(files map[string]string) (string, error) {
	b := make(map[string][]byte, len(files))
	for n, s := range files {
		b[n] = []byte(s)
	}
	z, err := Zip(b)
	return string(z), err
}

// Write writes Zip(files) as a file named name in a temporary directory
// of t, and returns its path.
func Write(t testing.TB, name string, files map[string][]byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, Bytes(t, files), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// PackDir writes the files under dir, by their paths below it, as an
// archive named name in a temporary directory of t, and returns its path.
func PackDir(t testing.TB, dir, name string) string {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		b, err := os.ReadFile(path)
		files[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return Write(t, name, files)
}

// Testdata is internal/artifact's testdata directory: one directory a jar
// under jars/ and bad/, each format's metadata written from its
// documentation (see its README.md).
func Testdata() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "testdata")
}

// Fixture packs Testdata()/dir (such as "jars/bukkit") as an archive
// named name, and returns its path.
func Fixture(t testing.TB, dir, name string) string {
	t.Helper()
	return PackDir(t, filepath.Join(Testdata(), dir), name)
}

// Bomb writes to w a zip archive of one stored member, name, of size
// zero bytes: more than any reader should take in. While the zeros are
// written, hole(true) has been called, so that w can skip them rather
// than keep them (a sparse file, a counter); hole(false) after.
func Bomb(w io.Writer, name string, size int64, hole func(bool)) error {
	zw := zip.NewWriter(w)
	m, err := zw.CreateRaw(&zip.FileHeader{Name: name, Method: zip.Store,
		CompressedSize64: uint64(size), UncompressedSize64: uint64(size)})
	if err == nil {
		err = zw.Flush() // zip.Writer buffers: the header goes before the zeros
	}
	if err != nil {
		return err
	}
	hole(true)
	chunk := make([]byte, 1<<20)
	for left := size; left > 0; left -= int64(len(chunk)) {
		if _, err := m.Write(chunk[:min(left, int64(len(chunk)))]); err != nil {
			return err
		}
	}
	if err := zw.Flush(); err != nil {
		return err
	}
	hole(false)
	return zw.Close()
}
