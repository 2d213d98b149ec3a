package api

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"hash"
	"slices"
	"strings"
)

// Checksum is one digest of a file's bytes, as the server gave it.
type Checksum struct {
	Algorithm string // "sha512", "sha256", "sha1" or "md5"
	Hex       string // lower-case hex digits
}

// checksumAlgorithms are the digests rdash can check, strongest first,
// with their length in hex digits. The document leaves the checksum
// object's inner structure open: the sandbox sends {"sha256"} and, strict,
// {"sha1", "sha512"}; real services send these and md5.
var checksumAlgorithms = []struct {
	name    string
	hexLen  int
	newHash func() hash.Hash
}{{"sha512", 128, sha512.New}, {"sha256", 64, sha256.New}, {"sha1", 40, sha1.New}, {"md5", 32, md5.New}}

// ChecksumAlgorithms names the digests rdash can check, strongest first.
// md5 and sha1 are no defence against a forger, but still catch a damaged
// file when a server gives nothing stronger.
func ChecksumAlgorithms() []string {
	out := make([]string, len(checksumAlgorithms))
	for i, a := range checksumAlgorithms {
		out[i] = a.name
	}
	return out
}

// NewChecksumHash returns a hash of the named algorithm (one of
// ChecksumAlgorithms), whose hex digest Checksum.Hex holds; ok is false
// for any other name.
func NewChecksumHash(algorithm string) (h hash.Hash, ok bool) {
	for _, a := range checksumAlgorithms {
		if a.name == algorithm {
			return a.newHash(), true
		}
	}
	return nil, false
}

// Checksums returns the digests of f's checksum object that rdash knows,
// strongest first. A key counts in any case, with or without "-" or "_"
// ("SHA-512"); a value that is not hex of the algorithm's length counts
// as none.
func (f File) Checksums() []Checksum {
	var out []Checksum
	for _, a := range checksumAlgorithms {
		for k, v := range f.Checksum {
			s, ok := v.(string)
			s = strings.ToLower(s)
			if ok && algorithmKey(k) == a.name && len(s) == a.hexLen && !strings.ContainsFunc(s, notHex) {
				out = append(out, Checksum{Algorithm: a.name, Hex: s})
				break
			}
		}
	}
	return out
}

// StrongestChecksum is the strongest digest of f that rdash knows; ok is
// false when the server gave none of them.
func (f File) StrongestChecksum() (c Checksum, ok bool) {
	if cs := f.Checksums(); len(cs) > 0 {
		return cs[0], true
	}
	return Checksum{}, false
}

// SHA256 returns the file's SHA-256, 64 lower-case hex digits, when the
// server gave one (read as Checksums reads it). For a JSON field named
// sha256; to verify bytes, StrongestChecksum.
func (f File) SHA256() (string, bool) {
	for _, c := range f.Checksums() {
		if c.Algorithm == "sha256" {
			return c.Hex, true
		}
	}
	return "", false
}

// ChecksumKeys are the keys of f's checksum object, sorted: what to name
// when none is one rdash knows. They are the server's text.
func (f File) ChecksumKeys() []string {
	keys := make([]string, 0, len(f.Checksum))
	for k := range f.Checksum {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// algorithmKey is a checksum key as the algorithm's name: "SHA-512" and
// "sha_512" are "sha512".
func algorithmKey(k string) string {
	return strings.NewReplacer("-", "", "_", "").Replace(strings.ToLower(k))
}
