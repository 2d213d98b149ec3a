package artifact

import (
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"strings"

	"rdash/api"
)

// FileSum is one file of a version about to be published: an upload,
// with its size and digests, or an external URL.
type FileSum struct {
	// Name is the upload's file name, or the external URL.
	Name    string `json:"name"`
	Size    int64  `json:"size,omitempty"`
	SHA256  string `json:"sha256,omitempty"`
	URL     string `json:"url,omitempty"`
	Primary bool   `json:"primary"`
	// Digests are the upload's other digests, by the names
	// api.File.Checksums gives them ("sha512", "sha1", "md5"), so it can be
	// compared with whichever checksum a server publishes.
	Digests map[string]string `json:"digests,omitempty"`
}

// digest is s's digest by algorithm name; "" when it has none.
func (s FileSum) digest(algorithm string) string {
	if algorithm == "sha256" {
		return s.SHA256
	}
	return s.Digests[algorithm]
}

// Sum reads the file at path, streaming, and returns its FileSum named by
// its base name, with every digest a server may publish, in one pass.
func Sum(path string) (FileSum, error) {
	f, err := os.Open(path)
	if err != nil {
		return FileSum{}, err
	}
	defer f.Close()
	hs := map[string]hash.Hash{}
	ws := make([]io.Writer, 0, len(api.ChecksumAlgorithms()))
	for _, name := range api.ChecksumAlgorithms() {
		hs[name], _ = api.NewChecksumHash(name)
		ws = append(ws, hs[name])
	}
	n, err := io.Copy(io.MultiWriter(ws...), f)
	if err != nil {
		return FileSum{}, fmt.Errorf("%s: %w", path, err)
	}
	s := FileSum{Name: filepath.Base(path), Size: n, Digests: map[string]string{}}
	for name, h := range hs {
		s.Digests[name] = hex.EncodeToString(h.Sum(nil))
	}
	s.SHA256 = s.Digests["sha256"]
	delete(s.Digests, "sha256")
	return s, nil
}

// SumFiles sums each of a proposal's files, in order, marking the primary.
func SumFiles(files []File) ([]FileSum, error) {
	out := make([]FileSum, 0, len(files))
	for _, f := range files {
		s, err := Sum(f.Path)
		if err != nil {
			return nil, err
		}
		s.Primary = f.Primary
		out = append(out, s)
	}
	return out, nil
}

// Comparison says whether the files about to be published are those of a
// version already published, and if not, every difference.
type Comparison struct {
	Same        bool     `json:"same"`
	Differences []string `json:"differences,omitempty"`
}

// Compare matches local files with a published version's files: uploads
// by name, then size and the strongest checksum published (sha512,
// sha256, sha1 or md5); external files by URL; and which one is primary.
// A published file with no checksum to compare cannot be shown to be the
// same, so it counts as a difference. Names in the differences
// are quoted (%q), so a server's name cannot carry a control character.
func Compare(local []FileSum, published []api.File) Comparison {
	var diffs []string
	used := make([]bool, len(published))
	for _, l := range local {
		i := findPublished(l, published, used)
		if i < 0 {
			diffs = append(diffs, fmt.Sprintf("%q is not among the published files", l.Name))
			continue
		}
		used[i] = true
		diffs = append(diffs, compareFile(l, published[i])...)
	}
	for i, p := range published {
		if !used[i] {
			diffs = append(diffs, fmt.Sprintf("%q is published but not among the files given", p.Name))
		}
	}
	return Comparison{Same: len(diffs) == 0, Differences: diffs}
}

func findPublished(l FileSum, published []api.File, used []bool) int {
	for i, p := range published {
		if used[i] {
			continue
		}
		if (l.URL != "" && p.ExternalURL == l.URL) || (l.URL == "" && p.ExternalURL == "" && p.Name == l.Name) {
			return i
		}
	}
	return -1
}

func compareFile(l FileSum, p api.File) []string {
	var diffs []string
	if l.Primary != p.IsPrimary {
		diffs = append(diffs, fmt.Sprintf("%q is %s here but %s in the published version", l.Name, primaryText(l.Primary), primaryText(p.IsPrimary)))
	}
	if l.URL != "" {
		return diffs
	}
	if p.Size != l.Size {
		diffs = append(diffs, fmt.Sprintf("%q has %d bytes here, %d published", l.Name, l.Size, p.Size))
	}
	switch sum, ok := comparable(l, p); {
	case !ok:
		diffs = append(diffs, fmt.Sprintf("%q: the server gave no checksum to compare (sha512, sha256, sha1, md5), so it cannot be shown to be the same", l.Name))
	case !strings.EqualFold(sum.Hex, l.digest(sum.Algorithm)):
		name := strings.ToUpper(strings.Replace(sum.Algorithm, "sha", "sha-", 1))
		diffs = append(diffs, fmt.Sprintf("%q has %s %s here, %q published", l.Name, name, l.digest(sum.Algorithm), sum.Hex))
	}
	return diffs
}

// comparable is the strongest checksum p publishes that l has a digest
// for (api.File.Checksums reads the object, whose inner structure the
// interface leaves open).
func comparable(l FileSum, p api.File) (api.Checksum, bool) {
	for _, c := range p.Checksums() {
		if l.digest(c.Algorithm) != "" {
			return c, true
		}
	}
	return api.Checksum{}, false
}

func primaryText(primary bool) string {
	if primary {
		return "the primary file"
	}
	return "not the primary file"
}
