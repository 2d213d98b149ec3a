package artifact

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"rdash/api"
)

// FileSum is one file of a version about to be published: an upload,
// with its size and SHA-256, or an external URL.
type FileSum struct {
	// Name is the upload's file name, or the external URL.
	Name    string `json:"name"`
	Size    int64  `json:"size,omitempty"`
	SHA256  string `json:"sha256,omitempty"`
	URL     string `json:"url,omitempty"`
	Primary bool   `json:"primary"`
}

// Sum reads the file at path, streaming, and returns its FileSum named by
// its base name.
func Sum(path string) (FileSum, error) {
	f, err := os.Open(path)
	if err != nil {
		return FileSum{}, err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return FileSum{}, fmt.Errorf("%s: %w", path, err)
	}
	return FileSum{Name: filepath.Base(path), Size: n, SHA256: hex.EncodeToString(h.Sum(nil))}, nil
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
// by name, then size and SHA-256; external files by URL; and which one is
// primary. A published file whose checksum has no SHA-256 cannot be shown
// to be the same, so it counts as a difference. Names in the differences
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
	switch sum := publishedSHA256(p); {
	case sum == "":
		diffs = append(diffs, fmt.Sprintf("%q: the server gave no SHA-256 for it, so it cannot be shown to be the same", l.Name))
	case !strings.EqualFold(sum, l.SHA256):
		diffs = append(diffs, fmt.Sprintf("%q has SHA-256 %s here, %q published", l.Name, l.SHA256, sum))
	}
	return diffs
}

// publishedSHA256 finds the SHA-256 in a file's checksum object, whose
// inner structure the interface does not document: "sha256" (docs/wire.md),
// or "sha-256" in any case.
func publishedSHA256(p api.File) string {
	for k, v := range p.Checksum {
		if s, ok := v.(string); ok && (strings.EqualFold(k, "sha256") || strings.EqualFold(k, "sha-256")) {
			return s
		}
	}
	return ""
}

func primaryText(primary bool) string {
	if primary {
		return "the primary file"
	}
	return "not the primary file"
}
