package artifact

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"rdash/internal/artifact/artifacttest"

	"rdash/api"
)

// TestSum: a file's size and digests, named by its base name.
func TestSum(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "lumen.jar")
	if err := os.WriteFile(path, []byte("abc"), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Sum(path)
	if err != nil {
		t.Fatal(err)
	}
	want := FileSum{Name: "lumen.jar", Size: 3, SHA256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
		Digests: map[string]string{"sha512": abcSHA512, "sha1": abcSHA1, "md5": "900150983cd24fb0d6963f7d28e17f72"}}
	if !reflect.DeepEqual(s, want) {
		t.Errorf("Sum = %+v, want %+v", s, want)
	}
	if _, err := Sum(path + ".missing"); err == nil {
		t.Error("Sum of a missing file: no error")
	}
}

// The digests of "abc" (FIPS 180-2's examples).
const (
	abcSHA512 = "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"
	abcSHA1   = "a9993e364706816aba3e25717850c26c9cd0d89d"
)

// TestCompare: the same files are the same; every difference is named.
func TestCompare(t *testing.T) {
	t.Parallel()
	const sum = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
	jar := FileSum{Name: "lumen.jar", Size: 3, SHA256: sum, Primary: true}
	src := FileSum{Name: "lumen-sources.jar", Size: 3, SHA256: sum}
	url := FileSum{Name: "https://cdn.example.org/lumen.jar", URL: "https://cdn.example.org/lumen.jar"}
	jarAll := jar
	jarAll.Digests = map[string]string{"sha512": abcSHA512, "sha1": abcSHA1}
	zeros := func(n int) string { return strings.Repeat("0", n) }
	pub := func(name string, size int64, checksum map[string]any, primary bool) api.File {
		return api.File{ID: "f" + name, Name: name, Size: size, Checksum: checksum, IsPrimary: primary}
	}
	pubJar := pub("lumen.jar", 3, map[string]any{"sha256": sum}, true)
	pubSrc := pub("lumen-sources.jar", 3, map[string]any{"SHA-256": "BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD"}, false)
	pubURL := api.File{ID: "fu", Name: url.URL, ExternalURL: url.URL}
	cases := []struct {
		name      string
		local     []FileSum
		published []api.File
		diffs     []string
	}{
		{"same", []FileSum{jar, src, url}, []api.File{pubSrc, pubURL, pubJar}, nil},
		{"different content", []FileSum{jar}, []api.File{pub("lumen.jar", 3, map[string]any{"sha256": zeros(64)}, true)},
			[]string{`"lumen.jar" has SHA-256 ` + sum + ` here, "` + zeros(64) + `" published`}},
		{"different size", []FileSum{jar}, []api.File{pub("lumen.jar", 4, map[string]any{"sha256": sum}, true)},
			[]string{`"lumen.jar" has 3 bytes here, 4 published`}},
		{"no checksum", []FileSum{jar}, []api.File{pub("lumen.jar", 3, map[string]any{"md5": "x"}, true)},
			[]string{`"lumen.jar": the server gave no checksum to compare (sha512, sha256, sha1, md5), so it cannot be shown to be the same`}},
		// The strict sandbox's {sha1, sha512}: the strongest is compared.
		{"sha512 and sha1", []FileSum{jarAll}, []api.File{pub("lumen.jar", 3, map[string]any{"sha1": abcSHA1, "sha512": abcSHA512}, true)}, nil},
		{"a wrong sha512 beside a right sha1", []FileSum{jarAll}, []api.File{pub("lumen.jar", 3, map[string]any{"sha1": abcSHA1, "sha512": zeros(128)}, true)},
			[]string{`"lumen.jar" has SHA-512 ` + abcSHA512 + ` here, "` + zeros(128) + `" published`}},
		{"other primary", []FileSum{jar, src}, []api.File{pub("lumen.jar", 3, map[string]any{"sha256": sum}, false), pub("lumen-sources.jar", 3, map[string]any{"sha256": sum}, true)},
			[]string{`"lumen.jar" is the primary file here but not the primary file in the published version`, `"lumen-sources.jar" is not the primary file here but the primary file in the published version`}},
		{"missing and extra", []FileSum{jar, src}, []api.File{pubJar, pub("lumen\x1b[31m.zip", 3, nil, false)},
			[]string{`"lumen-sources.jar" is not among the published files`, `"lumen\x1b[31m.zip" is published but not among the files given`}},
	}
	for _, tc := range cases {
		got := Compare(tc.local, tc.published)
		if got.Same != (len(tc.diffs) == 0) || !slices.Equal(got.Differences, tc.diffs) {
			t.Errorf("%s: %+v, want differences %q", tc.name, got, tc.diffs)
		}
		for _, d := range got.Differences {
			for _, r := range d {
				if r < 0x20 || r == 0x7f {
					t.Errorf("%s: difference %q carries a control character", tc.name, d)
				}
			}
		}
	}
}

// TestRerun: the files of a proposal, summed, compare the same with the
// version published from them, and differently once one is rebuilt.
func TestRerun(t *testing.T) {
	t.Parallel()
	jar := fixture(t, "bukkit", "lumen-2.5.0.jar")
	src := artifacttest.Write(t, "lumen-2.5.0-sources.jar", map[string][]byte{"Lumen.java": []byte("class Lumen {}")})
	p, err := Propose(Input{Paths: []string{src, jar}, Project: lumenProject()})
	if err != nil {
		t.Fatal(err)
	}
	local, err := SumFiles(p.Files)
	if err != nil {
		t.Fatal(err)
	}
	var published []api.File
	for _, l := range local {
		published = append(published, api.File{Name: l.Name, Size: l.Size, Checksum: map[string]any{"sha256": l.SHA256}, IsPrimary: l.Primary})
	}
	if c := Compare(local, published); !c.Same {
		t.Fatalf("the same files differ: %q", c.Differences)
	}
	if err := os.WriteFile(jar, []byte("rebuilt"), 0o600); err != nil {
		t.Fatal(err)
	}
	if local, err = SumFiles(p.Files); err != nil {
		t.Fatal(err)
	}
	c := Compare(local, published)
	if c.Same || len(c.Differences) != 2 || !containsText(c.Differences, `"lumen-2.5.0.jar" has SHA-256`) {
		t.Errorf("a rebuilt jar: %+v", c)
	}
}
