package artifact

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"rdash/internal/artifact/artifacttest"
)

// FuzzReadArtifact feeds the reader hostile archives (raw) and hostile
// metadata files (content, packed as the member-th metadata file beside
// assets/ and a manifest), then builds a proposal from what was read.
// Nothing may panic; every error must be an *Error; every value set must
// say where it came from. Seeds are the fixtures of every format and bad
// input, as files and as archives.
func FuzzReadArtifact(f *testing.F) {
	for _, seed := range fuzzSeeds(f) {
		f.Add(seed.raw, seed.member, seed.content)
	}
	f.Fuzz(func(t *testing.T, raw []byte, member uint8, content []byte) {
		checkRead(t, raw, "raw.jar")
		name := metadataMembers[int(member)%len(metadataMembers)]
		packed := artifacttest.Bytes(t, map[string][]byte{
			name: content, "assets/x/y.txt": nil,
			"META-INF/MANIFEST.MF": []byte("Implementation-Version: 1.0\n"),
		})
		checkRead(t, packed, "packed-1.0.jar")
	})
}

func checkRead(t *testing.T, b []byte, path string) {
	c, err := readArchive(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		mustBeError(t, err)
		return
	}
	metas, err := readMetas(c, path)
	if err != nil {
		mustBeError(t, err)
		return
	}
	rels, err := table()
	if err != nil {
		t.Fatal(err)
	}
	p := &Proposal{}
	bd := &builder{in: Input{Project: lumenProject(), Config: &Config{Dependencies: map[string]string{"minecraft": "AbCd1234"}}}, p: p, metas: metas, rels: rels, pending: map[string][]string{}}
	if err := bd.build(); err != nil {
		mustBeError(t, err)
		return
	}
	for _, f := range []Field[string]{p.Version, p.Name, p.Channel} {
		if f.Value != "" && f.Source == "" {
			t.Fatalf("value %q has no source", f.Value)
		}
	}
	for _, d := range p.Dependencies.Value {
		if d.Source == "" || (d.Name == "" && d.ProjectID == "") {
			t.Fatalf("dependency %+v has no source or target", d)
		}
	}
	if (len(p.GameVersions.Value) > 0) != p.GameVersions.Set() {
		t.Fatalf("game versions %q from %q", p.GameVersions.Value, p.GameVersions.Source)
	}
}

// mustBeError checks err (or each error joined in it) is an *Error.
func mustBeError(t *testing.T, err error) {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range j.Unwrap() {
			mustBeError(t, e)
		}
		return
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("%T %v is no *Error", err, err)
	}
}

type fuzzSeed struct {
	raw     []byte
	member  uint8
	content []byte
}

// fuzzSeeds are the fixtures: each metadata file as content, each
// fixture directory packed as raw.
func fuzzSeeds(tb testing.TB) []fuzzSeed {
	var seeds []fuzzSeed
	for _, root := range []string{"testdata/jars", "testdata/bad"} {
		dirs, err := os.ReadDir(root)
		if err != nil {
			tb.Fatal(err)
		}
		for _, d := range dirs {
			files := map[string][]byte{}
			dir := filepath.Join(root, d.Name())
			err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
				if err != nil || e.IsDir() {
					return err
				}
				rel, _ := filepath.Rel(dir, path)
				b, err := os.ReadFile(path)
				files[filepath.ToSlash(rel)] = b
				if i := slices.Index(metadataMembers[:], filepath.ToSlash(rel)); i >= 0 {
					seeds = append(seeds, fuzzSeed{member: uint8(i), content: b})
				}
				return err
			})
			if err != nil {
				tb.Fatal(err)
			}
			seeds = append(seeds, fuzzSeed{raw: artifacttest.Bytes(tb, files)})
		}
	}
	return seeds
}
