package auth

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"golang.org/x/oauth2"

	"rdash/config"
)

// entry is a token as the keyring and the token file hold it.
type entry struct {
	AccessToken  string    `json:"access_token"`
	RefreshToken string    `json:"refresh_token,omitempty"`
	TokenType    string    `json:"token_type,omitempty"`
	Expiry       time.Time `json:"expiry,omitzero"`
	Scopes       []string  `json:"scopes,omitempty"`
}

// entryOf keeps the scopes granted with tok, or else oldScopes: a refresh
// response may leave the scope out.
func entryOf(tok *oauth2.Token, oldScopes []string) entry {
	scopes := Scopes(tok)
	if len(scopes) == 0 {
		scopes = slices.Clone(oldScopes)
	}
	return entry{
		AccessToken: tok.AccessToken, RefreshToken: tok.RefreshToken,
		TokenType: tok.TokenType, Expiry: tok.Expiry, Scopes: scopes,
	}
}

// token rebuilds the oauth2 token, scope included, so Scopes works on it.
func (e entry) token() *oauth2.Token {
	t := &oauth2.Token{
		AccessToken: e.AccessToken, RefreshToken: e.RefreshToken,
		TokenType: e.TokenType, Expiry: e.Expiry,
	}
	return t.WithExtra(map[string]any{"scope": strings.Join(e.Scopes, ",")})
}

func decodeEntry(s string) (entry, error) {
	var e entry
	if err := json.Unmarshal([]byte(s), &e); err != nil || e.AccessToken == "" {
		// Never quote the value: it is a secret.
		return entry{}, errors.New("the stored token is malformed")
	}
	return e, nil
}

// tokenFile is the plain-text fallback: host → account → token. It is
// written only with the user's consent, mode 0600 in a 0700 directory.
type tokenFile struct {
	Hosts map[string]map[string]entry `json:"hosts"`
}

// record is what rdash may keep outside any secret store: which account is
// active for a host and where its token lives. It never holds a token.
type record struct {
	Hosts map[string]recordHost `json:"hosts"`
}

type recordHost struct {
	Account string `json:"account"`
	Storage Kind   `json:"storage"`
}

// readJSON reads path into v; a missing file leaves v empty.
func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %w", path, errMalformed)
	}
	return nil
}

// errMalformed is a file that is not valid JSON; its contents are never
// quoted, as they may be secrets.
var errMalformed = errors.New("malformed (not quoted: it may hold secrets)")

// writeJSON writes v atomically with mode 0600 (parent 0700), or removes
// path when empty says there is nothing left to keep.
func writeJSON(path string, v any, empty bool) error {
	if !filepath.IsAbs(path) {
		return fmt.Errorf("refusing to write %s: it is not an absolute path, so it would land in the working directory", path)
	}
	if empty {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return nil
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return config.WriteFileAtomic(path, append(b, '\n'))
}
