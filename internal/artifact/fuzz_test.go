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
// input, as files and as archives (see fuzzSeeds).
func FuzzReadArtifact(f *testing.F) {
	for _, seed := range fuzzSeeds(f) {
		f.Add(seed.raw, seed.member, seed.content)
	}
	f.Fuzz(func(t *testing.T, raw []byte, member uint8, content []byte) {
		checkRead(t, raw, "raw.jar")
		checkRead(t, packed(t, member, content), "packed-1.0.jar")
	})
}

// packed is content as the member-th metadata file beside assets/ and a
// manifest, stored: deflating it cost more than reading it (a compressor
// reset per member), and the compressor's code paths, new with every
// length of content, had the fuzzer minimizing inputs for coverage of
// compress/flate instead of the reader's.
func packed(t *testing.T, member uint8, content []byte) []byte {
	z, err := artifacttest.Stored(map[string][]byte{
		metadataMembers[int(member)%len(metadataMembers)]: content,
		"assets/x/y.txt":       nil,
		"META-INF/MANIFEST.MF": []byte("Implementation-Version: 1.0\n"),
	})
	if err != nil {
		t.Fatal(err)
	}
	return z
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
// fixture directory packed as raw. The jars are stored, so that mutating
// raw reaches their metadata and the archive's structure rather than the
// inflater (thousands of coverage bits of compress/flate, new for many a
// changed byte, kept the fuzzer minimizing kilobyte archives); the bad
// inputs, small, are deflated as a build writes them, which keeps the
// inflate path and its errors in the corpus.
//
// Smallest first: the engine fuzzes seeds in this order, and the new
// coverage of a small input minimizes in milliseconds, where a large
// one's takes all of a -fuzzminimizetime of 2s and a worker with it,
// whose inputs then go uncounted. A short run thus fuzzes many small
// inputs rather than minimizing two large ones; a long run reaches every
// seed either way.
func fuzzSeeds(tb testing.TB) []fuzzSeed {
	var seeds []fuzzSeed
	for _, fixtures := range []struct {
		root string
		pack func(map[string][]byte) ([]byte, error)
	}{{"testdata/jars", artifacttest.Stored}, {"testdata/bad", artifacttest.Zip}} {
		root := fixtures.root
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
			z, err := fixtures.pack(files)
			if err != nil {
				tb.Fatal(err)
			}
			seeds = append(seeds, fuzzSeed{raw: z})
		}
	}
	slices.SortStableFunc(seeds, func(a, b fuzzSeed) int { return a.size() - b.size() })
	return seeds
}

func (s fuzzSeed) size() int { return len(s.raw) + len(s.content) }
