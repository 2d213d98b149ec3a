package artifacttest

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// CorpusFile is one file of internal/artifact's corpus of real metadata
// (testdata/corpus, see its README.md): a row of the README's table.
type CorpusFile struct {
	// Kind is its directory: plugin.yml, …, neoforge.mods.toml, or
	// resourcepack or datapack for a pack.mcmeta.
	Kind string
	// Name is the file's name without its extension: "sodium".
	Name string
	// Path is the file, relative to the corpus directory.
	Path string
	// Jar is the name of the archive the tests pack it in.
	Jar string
	// Repo and Commit say where it comes from.
	Repo, Commit string
}

// CorpusDir is the corpus's directory.
func CorpusDir() string { return filepath.Join(Testdata(), "corpus") }

// Corpus lists the corpus's files, as its README's table gives them.
func Corpus() ([]CorpusFile, error) {
	b, err := os.ReadFile(filepath.Join(CorpusDir(), "README.md"))
	if err != nil {
		return nil, err
	}
	var out []CorpusFile
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cols := strings.Split(line, " | ")
		if len(cols) < 6 {
			return nil, fmt.Errorf("corpus README: a row with %d columns: %s", len(cols), line)
		}
		path := strings.Trim(cols[0], "| `")
		kind, file, _ := strings.Cut(path, "/")
		name, _, _ := strings.Cut(file, ".")
		repo := cols[2][1:strings.Index(cols[2], "]")]
		out = append(out, CorpusFile{Kind: kind, Name: name, Path: path, Jar: strings.Trim(cols[1], "`"), Repo: repo, Commit: strings.Trim(cols[4], "`")})
	}
	return out, sc.Err()
}

// Member is where the file goes in the archive.
func (c CorpusFile) Member() string {
	switch c.Kind {
	case "mods.toml", "neoforge.mods.toml":
		return "META-INF/" + c.Kind
	case "resourcepack", "datapack":
		return "pack.mcmeta"
	}
	return c.Kind
}

// Files are the archive's files: the metadata file, the manifest beside
// it (NAME.MANIFEST.MF) when there is one, and for a pack an entry under
// assets/ or data/, which is what makes it a resource or a data pack.
func (c CorpusFile) Files() (map[string][]byte, error) {
	b, err := os.ReadFile(filepath.Join(CorpusDir(), c.Path))
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{c.Member(): b}
	mf, err := os.ReadFile(filepath.Join(CorpusDir(), c.Kind, c.Name+".MANIFEST.MF"))
	switch {
	case err == nil:
		files["META-INF/MANIFEST.MF"] = mf
	case !os.IsNotExist(err):
		return nil, err
	}
	switch c.Kind {
	case "resourcepack":
		files["assets/minecraft/lang/en_us.json"] = []byte("{}\n")
	case "datapack":
		files["data/minecraft/tags/block/dirt.json"] = []byte(`{"values": []}` + "\n")
	}
	return files, nil
}

// CorpusJar packs c into an archive named c.Jar in a temporary directory
// of t, and returns its path.
func CorpusJar(t testing.TB, c CorpusFile) string {
	t.Helper()
	files, err := c.Files()
	if err != nil {
		t.Fatal(err)
	}
	return Write(t, c.Jar, files)
}
