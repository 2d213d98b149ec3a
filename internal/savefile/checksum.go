package savefile

import (
	"encoding/hex"
	"fmt"
	"io"
	"strings"

	"rdash/api"
	"rdash/internal/safe"
)

// CopyChecked copies src to w, hashing the bytes in want's algorithm,
// and returns how many were copied and their digest (lower-case hex).
// When want is set and the bytes differ from it, the error says so; they
// are written by then, and the caller removes or disowns them. Without
// want nothing is hashed.
func CopyChecked(w io.Writer, src io.Reader, want api.Checksum) (int64, string, error) {
	if want.Algorithm == "" {
		n, err := io.Copy(w, src)
		return n, "", err
	}
	h, ok := api.NewChecksumHash(want.Algorithm)
	if !ok {
		return 0, "", fmt.Errorf("rdash cannot check a %s checksum", safe.Line(want.Algorithm))
	}
	n, err := io.Copy(io.MultiWriter(w, h), src)
	if err != nil {
		return n, "", err
	}
	got := hex.EncodeToString(h.Sum(nil))
	if got != want.Hex {
		return n, got, fmt.Errorf("checksum mismatch: the service gives %s %s, the %d bytes received have %s", want.Algorithm, safe.Line(want.Hex), n, got)
	}
	return n, got, nil
}

// Note says what a save checked, for the line that reports it: "sha512
// verified" (checked, Result.Checked), else why nothing was: "no
// checksum given", or "no checksum rdash knows given (crc32, xxh64)".
func Note(f api.File, checked string) string {
	switch keys := f.ChecksumKeys(); {
	case checked != "":
		return checked + " verified"
	case len(keys) == 0:
		return "no checksum given"
	default:
		for i, k := range keys {
			keys[i] = safe.Reveal(k) // the server's names, as sent: hidden characters shown
		}
		return "no checksum rdash knows given (" + strings.Join(keys, ", ") + ")"
	}
}
