package cmd

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rdash/api/sandbox/sandboxtest"
	"rdash/internal/artifact/artifacttest"
)

// TestCreateFromBadInput: each bad input of issue 23 is an error that
// names the file (and the metadata file and line where it has them),
// exit 1, and nothing is sent, in each profile.
func TestCreateFromBadInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	jar := func(name string, files map[string]string) string { return writeTemp(t, dir, name, jarText(t, files)) }
	cases := []struct {
		name, path string
		says       []string
	}{
		{"no metadata", jar("none.jar", map[string]string{"org/example/Lumen.class": "x"}),
			[]string{": no known metadata file: it holds none of plugin.yml, paper-plugin.yml"}},
		{"conflicting", jar("conflict.jar", map[string]string{"plugin.yml": "name: Lumen\nversion: 1.0.0\n",
			"fabric.mod.json": `{"schemaVersion": 1, "id": "lumen", "version": "2.0.0"}`}),
			[]string{`the files disagree on the version: plugin.yml: version "1.0.0" vs fabric.mod.json: version "2.0.0"; give the version yourself`}},
		{"malformed YAML", jar("yaml.jar", map[string]string{"plugin.yml": "name: Lumen\nversion: 2.5.0\ndepend:\n  - ProtocolLib\n softdepend: [Vault]\n"}),
			[]string{": plugin.yml line 4: malformed: YAML: "}},
		{"malformed JSON", jar("json.jar", map[string]string{"fabric.mod.json": "{\n  \"schemaVersion\": 1,\n  \"version\": \"1\"\n  \"id\": \"lumen\"\n}"}),
			[]string{": fabric.mod.json line 4: malformed: JSON: "}},
		{"malformed TOML", jar("toml.jar", map[string]string{"META-INF/mods.toml": "modLoader=\"javafml\"\n[[mods]]\nmodId=\"lumen\nversion=\"1\"\n"}),
			[]string{": META-INF/mods.toml line 3: malformed: TOML: "}},
		{"zip bomb", writeTemp(t, dir, "bomb.jar", bombJar(t)), []string{": plugin.yml: too large: more than 1048576 bytes when decompressed"}},
		{"2 GiB member", hugeMemberJar(t, dir), []string{": plugin.yml: too large: more than 1048576 bytes when decompressed"}},
		{"traversal", jar("evil.jar", map[string]string{"plugin.yml": "name: Lumen\nversion: 1.0\n", "../../evil.sh": "rm -rf /"}),
			[]string{`"../../evil.sh"`, "which points outside it"}},
		{"not an archive", writeTemp(t, dir, "text.jar", "not a zip"), []string{": not a jar or zip archive"}},
	}
	for _, prof := range sandboxtest.Profiles() {
		t.Run(prof.Name, func(t *testing.T) {
			t.Parallel()
			c := newCLI(t, "alice", prof.Options)
			for _, tc := range cases {
				r := c.run("", "versions", "create", "lumen", "--from", tc.path, "--yes", "--json")
				ok := r.code == ExitFailure && r.out == "" && strings.HasPrefix(r.err, "rdash: "+tc.path) &&
					strings.HasSuffix(r.err, "\nnothing was sent\n")
				for _, s := range tc.says {
					ok = ok && strings.Contains(r.err, s)
				}
				if !ok {
					t.Errorf("%s: exit %d, stdout %q, stderr:\n%s\nwant exit 1 naming %s and saying %q", tc.name, r.code, r.out, r.err, tc.path, tc.says)
				}
			}
			if n := writes(c); n != 0 {
				t.Errorf("%d writes, want none", n)
			}
		})
	}
}

// bombJar is a jar whose plugin.yml inflates from a few KiB to 8 MiB.
func bombJar(t *testing.T) string {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) { return flate.NewWriter(w, flate.BestCompression) })
	w, err := zw.CreateHeader(&zip.FileHeader{Name: "plugin.yml", Method: zip.Deflate})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(bytes.Repeat([]byte("# "), 4<<20)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if buf.Len() > 64<<10 {
		t.Fatalf("the bomb is %d bytes, not a bomb", buf.Len())
	}
	return buf.String()
}

// hugeMemberJar writes a jar holding a stored 2 GiB plugin.yml as a
// sparse file: the 2 GiB of zeros are a hole, which takes no disk.
func hugeMemberJar(t *testing.T, dir string) string {
	t.Helper()
	const size = 2 << 30
	path := filepath.Join(dir, "huge.jar")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := &holeWriter{f: f}
	if err := artifacttest.Bomb(s, "plugin.yml", size, func(on bool) { s.hole = on }); err != nil {
		t.Fatal(err)
	}
	return path
}

// holeWriter writes to f, or while hole is set skips ahead instead.
type holeWriter struct {
	f    *os.File
	hole bool
}

func (h *holeWriter) Write(p []byte) (int, error) {
	if h.hole {
		_, err := h.f.Seek(int64(len(p)), io.SeekCurrent)
		return len(p), err
	}
	return h.f.Write(p)
}
