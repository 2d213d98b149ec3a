package artifact

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"errors"
	"io"
	"strings"
	"sync/atomic"
	"testing"

	"rdash/internal/artifact/artifacttest"
)

// deflated compresses b as a zip entry's data.
func deflated(t *testing.T, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	fw, err := flate.NewWriter(&buf, flate.BestSpeed)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fw.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := fw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// rawZip writes one entry with the header given and the data as is, so a
// test can make the header lie.
func rawZip(t *testing.T, fh *zip.FileHeader, data []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.CreateRaw(fh)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestZipBomb: a metadata file that inflates far past the limit is
// refused after MaxMemberBytes, whether its header tells the truth or
// claims it is small.
func TestZipBomb(t *testing.T) {
	t.Parallel()
	big := bytes.Repeat([]byte("# "), 4*MaxMemberBytes)
	data := deflated(t, big)
	honest := rawZip(t, &zip.FileHeader{Name: "plugin.yml", Method: zip.Deflate, CompressedSize64: uint64(len(data)), UncompressedSize64: uint64(len(big))}, data)
	lying := rawZip(t, &zip.FileHeader{Name: "plugin.yml", Method: zip.Deflate, CompressedSize64: uint64(len(data)), UncompressedSize64: 100}, data)
	for _, tc := range []struct {
		name string
		zip  []byte
		kind error
	}{{"honest header", honest, ErrTooLarge}, {"header claims 100 bytes", lying, ErrMalformed}} {
		_, err := readArchive(bytes.NewReader(tc.zip), int64(len(tc.zip)))
		var e *Error
		if !errors.Is(err, tc.kind) || !errors.As(err, &e) || e.Member != "plugin.yml" {
			t.Errorf("%s (%d bytes inflating to %d): %v, want %v naming plugin.yml", tc.name, len(tc.zip), len(big), err, tc.kind)
		}
	}
}

// sparse is an archive held as segments, most of it a run of zeros that
// takes no memory, so a test can hand the reader a 2 GiB entry.
type sparse struct {
	segs  []segment
	size  int64
	zeros bool
	read  atomic.Int64
}

type segment struct {
	off  int64
	data []byte // nil for a run of zeros
	n    int64
}

func (s *sparse) Write(p []byte) (int, error) {
	if s.zeros {
		s.segs = append(s.segs, segment{off: s.size, n: int64(len(p))})
	} else {
		s.segs = append(s.segs, segment{off: s.size, data: bytes.Clone(p), n: int64(len(p))})
	}
	s.size += int64(len(p))
	return len(p), nil
}

func (s *sparse) ReadAt(p []byte, off int64) (int, error) {
	n := 0
	for _, g := range s.segs {
		for n < len(p) && off+int64(n) >= g.off && off+int64(n) < g.off+g.n {
			i := off + int64(n) - g.off
			if g.data == nil {
				p[n] = 0
			} else {
				p[n] = g.data[i]
			}
			n++
		}
	}
	s.read.Add(int64(n))
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// TestTwoGiBMember: an honest, stored 2 GiB plugin.yml is refused after
// MaxMemberBytes, and reading it costs about that much, not 2 GiB.
func TestTwoGiBMember(t *testing.T) {
	t.Parallel()
	const size = 2 << 30
	s := &sparse{}
	err := artifacttest.Bomb(s, "plugin.yml", size, func(on bool) { s.zeros = on })
	if err != nil {
		t.Fatal(err)
	}
	_, err = readArchive(s, s.size)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "plugin.yml: too large: more than 1048576 bytes when decompressed") {
		t.Fatalf("readArchive = %v, want ErrTooLarge naming plugin.yml", err)
	}
	if got := s.read.Load(); got > 2*MaxMemberBytes {
		t.Errorf("read %d bytes of a %d-byte archive; want at most about %d", got, s.size, MaxMemberBytes)
	}
}

// TestUnsafeNames: an entry that points outside the archive, or a
// metadata file present twice, makes the whole archive refused.
func TestUnsafeNames(t *testing.T) {
	t.Parallel()
	ok := []byte("name: Lumen\nversion: 1.0\n")
	for _, name := range []string{"../../evil.sh", "/etc/cron.d/evil", `..\..\evil.bat`, `C:\evil.bat`, "assets/../../evil", "a/\x00b"} {
		b := artifacttest.Bytes(t, map[string][]byte{"plugin.yml": ok, name: []byte("x")})
		_, err := readArchive(bytes.NewReader(b), int64(len(b)))
		if !errors.Is(err, ErrUnsafeName) || !strings.Contains(err.Error(), "which points outside it") {
			t.Errorf("entry %q: %v, want ErrUnsafeName", name, err)
		}
	}
	// archive/zip's Writer keeps both entries of one name.
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, v := range []string{"1.0", "6.6.6"} {
		w, _ := zw.Create("plugin.yml")
		_, _ = w.Write([]byte("name: Lumen\nversion: " + v + "\n"))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	_, err := readArchive(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if !errors.Is(err, ErrUnsafeName) || !strings.Contains(err.Error(), "plugin.yml: unsafe entry name: the archive holds two entries with this name") {
		t.Errorf("two plugin.yml: %v, want ErrUnsafeName", err)
	}
}

// TestManifest: continuation lines join; a signed jar's long manifest is
// fine when its main section is short; a main section past the limit is
// refused.
func TestManifest(t *testing.T) {
	t.Parallel()
	toml := []byte("[[mods]]\nmodId=\"lumen\"\nversion=\"${file.jarVersion}\"\n")
	long := "Manifest-Version: 1.0\r\nImplementation-Version: 2.5.0-beta.1+build.12345678901234567890123456\r\n 78\r\n\r\n" +
		strings.Repeat("Name: org/example/Some.class\r\nSHA-256-Digest: AAAA\r\n\r\n", MaxMemberBytes/40)
	b := artifacttest.Bytes(t, map[string][]byte{"META-INF/mods.toml": toml, "META-INF/MANIFEST.MF": []byte(long)})
	c, err := readArchive(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "Implementation-Version", c.manifest["Implementation-Version"], "2.5.0-beta.1+build.1234567890123456789012345678")
	huge := "Manifest-Version: 1.0\n" + strings.Repeat("X-Padding: abcdefghijklmnopqrstuvwxyz\n", MaxMemberBytes/30)
	b = artifacttest.Bytes(t, map[string][]byte{"META-INF/mods.toml": toml, "META-INF/MANIFEST.MF": []byte(huge)})
	if _, err := readArchive(bytes.NewReader(b), int64(len(b))); !errors.Is(err, ErrTooLarge) {
		t.Errorf("a main section of %d bytes: %v, want ErrTooLarge", len(huge), err)
	}
}
