package artifact

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// MaxMemberBytes bounds what is read of each metadata file in an archive,
// after decompression. The size an entry's header claims is never trusted:
// reading stops here, so a zip bomb or a 2 GB entry costs at most this.
const MaxMemberBytes = 1 << 20

// The metadata files read, by their path inside the archive.
const (
	memberPlugin      = "plugin.yml"
	memberPaperPlugin = "paper-plugin.yml"
	memberBungee      = "bungee.yml"
	memberVelocity    = "velocity-plugin.json"
	memberFabric      = "fabric.mod.json"
	memberQuilt       = "quilt.mod.json"
	memberForge       = "META-INF/mods.toml"
	memberNeoForge    = "META-INF/neoforge.mods.toml"
	memberPack        = "pack.mcmeta"
	memberManifest    = "META-INF/MANIFEST.MF"
)

// metadataMembers are the metadata files in the order they are read; the
// manifest is read only to expand ${file.jarVersion}.
var metadataMembers = [...]string{
	memberPlugin, memberPaperPlugin, memberBungee, memberVelocity, memberFabric,
	memberQuilt, memberForge, memberNeoForge, memberPack,
}

// contents is what was read from one archive: the metadata files present,
// the manifest's main section, and whether it has assets/ or data/ (what
// makes a pack a resource pack or a data pack).
type contents struct {
	members      map[string][]byte
	manifest     map[string]string
	assets, data bool
}

// readArchive reads the metadata files of the zip archive in r. Only the
// known paths are read, each through a limit; every entry name is checked
// first, so an archive that names a path outside itself is refused whole.
func readArchive(r io.ReaderAt, size int64) (*contents, error) {
	zr, err := zip.NewReader(r, size)
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return nil, &Error{Err: fmt.Errorf("%w (%v)", ErrNotArchive, err)}
	}
	wanted, err := checkEntries(zr.File)
	if err != nil {
		return nil, err
	}
	c := &contents{members: map[string][]byte{}}
	for _, f := range zr.File {
		top, _, nested := strings.Cut(f.Name, "/")
		c.assets = c.assets || (nested && top == "assets")
		c.data = c.data || (nested && top == "data")
	}
	// In a fixed order, so that of two bad files the same one is reported.
	for _, name := range append(metadataMembers[:], memberManifest) {
		f := wanted[name]
		switch {
		case f == nil:
			continue
		case name == memberManifest:
			c.manifest, err = readManifest(f)
		default:
			c.members[name], err = readMember(f)
		}
		if err != nil {
			return nil, err
		}
	}
	return c, nil
}

// checkEntries refuses names that point outside the archive and a
// metadata file present twice (tools disagree on which copy counts), and
// returns the entries to read.
func checkEntries(files []*zip.File) (map[string]*zip.File, error) {
	wanted := map[string]*zip.File{}
	for _, f := range files {
		if !localName(f.Name) {
			return nil, &Error{Err: fmt.Errorf("%w: the archive holds an entry named %q, which points outside it; a build tool does not write such names, so the file is refused", ErrUnsafeName, f.Name)}
		}
		if f.Name != memberManifest && !slices.Contains(metadataMembers[:], f.Name) {
			continue
		}
		if wanted[f.Name] != nil {
			return nil, &Error{Member: f.Name, Err: fmt.Errorf("%w: the archive holds two entries with this name; tools disagree on which one counts", ErrUnsafeName)}
		}
		wanted[f.Name] = f
	}
	return wanted, nil
}

// localName reports whether an entry name stays inside the archive: not
// absolute, no drive letter, no ".." element (backslashes count as
// separators, as some Windows tools write them), no NUL.
func localName(name string) bool {
	n := strings.ReplaceAll(name, `\`, "/")
	switch {
	case strings.HasPrefix(n, "/"), len(n) >= 2 && n[1] == ':', strings.ContainsRune(n, 0):
		return false
	}
	return !slices.Contains(strings.Split(n, "/"), "..")
}

// readMember reads one metadata file, at most MaxMemberBytes of it.
func readMember(f *zip.File) ([]byte, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, &Error{Member: f.Name, Err: fmt.Errorf("%w: cannot open it in the archive: %v", ErrMalformed, err)}
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, MaxMemberBytes+1))
	switch {
	case err != nil:
		return nil, &Error{Member: f.Name, Err: fmt.Errorf("%w: cannot read it from the archive: %v", ErrMalformed, err)}
	case len(b) > MaxMemberBytes:
		return nil, &Error{Member: f.Name, Err: fmt.Errorf("%w: more than %d bytes when decompressed, the limit for a metadata file", ErrTooLarge, MaxMemberBytes)}
	}
	return b, nil
}
