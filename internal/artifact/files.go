package artifact

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// sideRoles are the suffixes of a build's side jars, which are uploaded
// but are never the primary file and are not read (mc-publish's rule).
var sideRoles = []string{"sources", "javadoc", "dev"}

// sideRole returns "sources", "javadoc" or "dev" for a side jar, else "".
func sideRole(path string) string {
	base := filepath.Base(path)
	stem := strings.TrimSuffix(base, filepath.Ext(base))
	for _, r := range sideRoles {
		if strings.HasSuffix(stem, "-"+r) {
			return r
		}
	}
	return ""
}

// classify gives each file its role. The primary is the one the user
// named, else the first .jar that is no side jar, else the first file
// that is no side jar, else the first file.
func classify(paths []string, primary string) ([]File, error) {
	if len(paths) == 0 {
		return nil, errors.New("no files given")
	}
	files := make([]File, len(paths))
	for i, p := range paths {
		files[i] = File{Path: p, Role: "further"}
		if r := sideRole(p); r != "" {
			files[i].Role = r
		}
	}
	i, err := primaryIndex(files, primary)
	if err != nil {
		return nil, err
	}
	files[i].Primary, files[i].Role = true, "primary"
	return files, nil
}

func primaryIndex(files []File, primary string) (int, error) {
	if primary != "" {
		i := slices.IndexFunc(files, func(f File) bool { return f.Path == primary || filepath.Base(f.Path) == primary })
		if i < 0 {
			return 0, &Error{Path: primary, Err: fmt.Errorf("%w: the primary file must be one of the files given", ErrUnknownFile)}
		}
		return i, nil
	}
	isJar := func(f File) bool { return f.Role == "further" && strings.EqualFold(filepath.Ext(f.Path), ".jar") }
	if i := slices.IndexFunc(files, isJar); i >= 0 {
		return i, nil
	}
	if i := slices.IndexFunc(files, func(f File) bool { return f.Role == "further" }); i >= 0 {
		return i, nil
	}
	return 0, nil
}

// readFile reads the metadata files of the archive at path.
func readFile(path string) ([]*meta, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, &Error{Path: path, Err: fmt.Errorf("%w: it is a directory", ErrNotArchive)}
	}
	c, err := readArchive(f, st.Size())
	if err != nil {
		return nil, withPath(err, path)
	}
	metas, err := readMetas(c, path)
	return metas, withPath(err, path)
}

// withPath names the file in an *Error that does not yet.
func withPath(err error, path string) error {
	var e *Error
	if errors.As(err, &e) && e.Path == "" {
		e.Path = path
	}
	return err
}

// readMetas runs the reader of each metadata file present. A mod's or a
// plugin's pack.mcmeta describes its bundled resources, not the version,
// so pack.mcmeta is read only when nothing else is there.
func readMetas(c *contents, path string) ([]*meta, error) {
	var out []*meta
	for _, name := range metadataMembers {
		b, ok := c.members[name]
		if !ok || (name == memberPack && len(out) > 0) {
			continue
		}
		m, err := readOne(name, b, c, path)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

func readOne(name string, b []byte, c *contents, path string) (*meta, error) {
	switch name {
	case memberPlugin, memberPaperPlugin:
		return readBukkit(name, b)
	case memberBungee:
		return readBungee(name, b)
	case memberVelocity:
		return readVelocity(b)
	case memberFabric:
		return readFabric(b)
	case memberQuilt:
		return readQuilt(b)
	case memberForge, memberNeoForge:
		return readForge(name, b, c.manifest)
	}
	return readPack(b, c, path)
}
