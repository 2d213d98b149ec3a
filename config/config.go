// Package config turns the config file, the environment and flags into one
// Config value. It is the only package that reads the environment.
package config

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// allScopes are the scopes the dashboard asks for at sign-in.
var allScopes = []string{
	"user:read", "project:read",
	"project:version:create", "project:version:update", "project:version:delete",
	"org:member:create",
}

// AllScopes returns the scopes the dashboard asks for at sign-in, in the
// order they are asked for; the caller owns the slice.
func AllScopes() []string { return slices.Clone(allScopes) }

// Config is rdash's settings after file, environment and flags are merged.
// It never holds a token.
type Config struct {
	BaseURL      string   `yaml:"base_url,omitempty"`
	AuthURL      string   `yaml:"auth_url,omitempty"`
	ClientID     string   `yaml:"client_id,omitempty"`
	ClientSecret string   `yaml:"client_secret,omitempty"`
	Scopes       []string `yaml:"scopes,omitempty"`
	// Username is who the user is when the server does not answer /users/@me.
	Username string `yaml:"username,omitempty"`
	// Theme is "auto" (ask the terminal), "dark" or "light".
	Theme string `yaml:"theme,omitempty"`
	// Mouse enables mouse reporting; off by default so text can be selected.
	Mouse bool `yaml:"mouse,omitempty"`
	// PageSize is how many versions one request fetches.
	PageSize int `yaml:"page_size,omitempty"`
	// Projects are pinned project slugs or IDs, shown first in the picker.
	Projects []string `yaml:"projects,omitempty"`
	// Orgs are organizations to show on the invitations screen.
	Orgs []string `yaml:"orgs,omitempty"`
	// ResponseTimeout, StallTimeout and RequestTimeout bound every request
	// (see network.go); nil is the default, zero turns a limit off.
	ResponseTimeout *Duration `yaml:"response_timeout,omitempty"`
	StallTimeout    *Duration `yaml:"stall_timeout,omitempty"`
	RequestTimeout  *Duration `yaml:"request_timeout,omitempty"`
	// BulkPartSize is how many version IDs one bulk request carries at
	// most; 0 is the default.
	BulkPartSize int `yaml:"bulk_part_size,omitempty"`
	// AllowInsecureHTTP lets tokens go over plain http to a host other
	// than this machine (also --allow-insecure-http).
	AllowInsecureHTTP bool `yaml:"allow_insecure_http,omitempty"`
	// CompletionTimeout bounds how long shell completion waits for the
	// server (see CompletionWait); past it, completion offers what rdash
	// remembers, so a slow server never holds the shell.
	CompletionTimeout *Duration `yaml:"completion_timeout,omitempty"`

	// Path is the file this was read from (empty when there was none).
	Path string `yaml:"-"`
	// Env holds what the environment says beyond the settings above.
	Env Env `yaml:"-"`
	// Warnings are problems that do not stop rdash: unknown keys, ignored
	// variables, a server reached without TLS. The caller shows them.
	Warnings []string `yaml:"-"`
}

// Env is what rdash needs to know from the environment, read once.
type Env struct {
	Token     string // RDASH_TOKEN: overrides stored tokens
	SSH       bool   // SSH_CONNECTION, SSH_CLIENT or SSH_TTY is set
	Display   bool   // a graphical session: DISPLAY or WAYLAND_DISPLAY
	NoColor   bool   // NO_COLOR is set to anything non-empty
	DBus      bool   // a session bus is reachable: DBUS_SESSION_BUS_ADDRESS or /run/user/UID/bus
	Browser   string // BROWSER
	ConfigDir string // where config.yml lives
	StateDir  string // where state (recent projects, the edit journal) lives
	Debug     string // RDASH_DEBUG: path of a debug log, empty for none
	// DumbTerminal is TERM unset or TERM=dumb (without CLICOLOR_FORCE):
	// colorprofile then strips every style, reverse video included, so the
	// dashboard draws with the NO_COLOR styles under a forced Ascii profile.
	DumbTerminal bool
	// Background is what COLORFGBG says of the terminal's background,
	// "dark" or "light", or "" when it is unset or unreadable. It is the
	// fallback when the terminal does not answer the background query.
	Background string
	// Tmux is $TMUX: set when rdash runs inside tmux (its socket path).
	Tmux string
}

// DefaultCompletionTimeout is CompletionTimeout when none is set.
const DefaultCompletionTimeout = 1500 * time.Millisecond

// CompletionWait is how long shell completion may wait for the server:
// CompletionTimeout, or DefaultCompletionTimeout when it is not set; zero
// asks the server nothing.
func (c *Config) CompletionWait() time.Duration {
	if c.CompletionTimeout == nil {
		return DefaultCompletionTimeout
	}
	return time.Duration(*c.CompletionTimeout)
}

// Lookup is os.LookupEnv or a test double.
type Lookup func(string) (string, bool)

// Load reads the config file at path (or the default path when empty),
// then applies RDASH_* environment overrides. A missing default file is not
// an error; a missing explicit one is.
func Load(path string, lookup Lookup) (*Config, error) {
	env, warnings, err := readEnv(lookup)
	if err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	explicit := path != ""
	if !explicit {
		if p, ok := lookup("RDASH_CONFIG"); ok && p != "" {
			path, explicit = p, true
		} else {
			path = filepath.Join(env.ConfigDir, "config.yml")
		}
	}
	c := &Config{}
	b, err := os.ReadFile(path)
	switch {
	case err == nil:
		if c, err = Parse(b, path); err != nil {
			return nil, err
		}
	case errors.Is(err, fs.ErrNotExist) && !explicit:
	default:
		return nil, fmt.Errorf("config: %w", err)
	}
	c.Env = env
	c.Warnings = append(warnings, c.Warnings...)
	c.applyEnv(lookup)
	if err := c.applyNetworkEnv(lookup); err != nil {
		return nil, err
	}
	if err := boolEnv(lookup, "RDASH_MOUSE", &c.Mouse); err != nil {
		return nil, err
	}
	if err := c.normalize(); err != nil {
		return nil, err
	}
	c.Warnings = append(c.Warnings, c.urlWarnings()...)
	return c, nil
}

// Parse reads a config file's contents; path names the file in messages.
// Unknown keys are not an error, so an older rdash can read a newer file,
// but each one is named in Warnings: a misspelt key would otherwise be
// ignored without a word.
func Parse(b []byte, path string) (*Config, error) {
	c := &Config{}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return nil, fmt.Errorf("config %s: %w", path, err)
	}
	if len(doc.Content) > 0 {
		if err := doc.Decode(c); err != nil {
			return nil, fmt.Errorf("config %s: %w", path, err)
		}
	}
	c.Path = path
	if len(doc.Content) == 1 && doc.Content[0].Kind == yaml.MappingNode {
		known := knownKeys()
		m := doc.Content[0].Content
		for i := 0; i+1 < len(m); i += 2 {
			if k := m[i].Value; !known[k] {
				c.Warnings = append(c.Warnings, fmt.Sprintf("config %s: unknown key %q (line %d) is ignored", path, k, m[i].Line))
			}
		}
	}
	return c, nil
}

// knownKeys are the yaml names of Config's fields.
func knownKeys() map[string]bool {
	known := map[string]bool{}
	t := reflect.TypeFor[Config]()
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
		if name != "" && name != "-" {
			known[name] = true
		}
	}
	return known
}

// urlWarnings flags a base or auth URL that is plain http to a host other
// than this machine: rdash sends no token, code or client secret there
// unless allowed (the flag is applied after Load), and when allowed they
// cross the network unencrypted.
func (c *Config) urlWarnings() []string {
	var out []string
	for _, u := range []struct{ name, val string }{{"base_url", c.BaseURL}, {"auth_url", c.AuthURL}} {
		p, err := url.Parse(u.val)
		if u.val == "" || err != nil || !PlainHTTPElsewhere(p) {
			continue
		}
		out = append(out, fmt.Sprintf("%s %q is plain http to another machine: rdash sends a token or the client secret there "+
			"only with allow_insecure_http (or --allow-insecure-http), and then unencrypted; use https", u.name, u.val))
	}
	return out
}

// PlainHTTPElsewhere reports a plain http URL to a host that is not this
// machine, where what is sent crosses the network unencrypted.
func PlainHTTPElsewhere(u *url.URL) bool {
	return strings.EqualFold(u.Scheme, "http") && !isLoopback(u.Hostname())
}

// isLoopback reports a host name that can only mean this machine.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func (c *Config) applyEnv(lookup Lookup) {
	for name, dst := range map[string]*string{
		"RDASH_BASE_URL":      &c.BaseURL,
		"RDASH_AUTH_URL":      &c.AuthURL,
		"RDASH_CLIENT_ID":     &c.ClientID,
		"RDASH_CLIENT_SECRET": &c.ClientSecret,
		"RDASH_USERNAME":      &c.Username,
		"RDASH_THEME":         &c.Theme,
	} {
		if v, ok := lookup(name); ok && v != "" {
			*dst = v
		}
	}
}

// boolEnv sets *dst from the variable name when it is set and not empty.
func boolEnv(lookup Lookup, name string, dst *bool) error {
	v, ok := lookup(name)
	if !ok || v == "" {
		return nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return fmt.Errorf("config: %s: must be true or false, not %q", name, v)
	}
	*dst = b
	return nil
}

func (c *Config) normalize() error {
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	c.AuthURL = strings.TrimRight(c.AuthURL, "/")
	if len(c.Scopes) == 0 {
		c.Scopes = AllScopes()
	}
	switch c.Theme {
	case "":
		c.Theme = "auto"
	case "auto", "dark", "light":
	default:
		return fmt.Errorf("config: theme: must be auto, dark or light, not %q", c.Theme)
	}
	if c.PageSize == 0 {
		c.PageSize = 50
	}
	if c.PageSize < 1 { // no largest: the interface states none, the server says
		return fmt.Errorf("config: page_size: must be a number of versions, at least 1, not %d", c.PageSize)
	}
	return c.checkNetwork()
}

// Server is what identifies the service and the OAuth app.
type Server struct {
	BaseURL, AuthURL, ClientID, ClientSecret string
}

// Server returns the server settings, or an error naming what is missing.
// With RDASH_TOKEN set only the base URL is needed: that token is used as
// it is and never renewed, so the OAuth app's settings would go unused (a
// CI job sets two variables, as gh's GH_TOKEN needs one).
func (c *Config) Server() (Server, error) {
	s := Server{c.BaseURL, c.AuthURL, c.ClientID, c.ClientSecret}
	var missing []string
	fields := []struct{ name, val string }{
		{"base_url (RDASH_BASE_URL)", s.BaseURL}, {"auth_url (RDASH_AUTH_URL)", s.AuthURL},
		{"client_id (RDASH_CLIENT_ID)", s.ClientID}, {"client_secret (RDASH_CLIENT_SECRET)", s.ClientSecret},
	}
	if c.Env.Token != "" {
		fields = fields[:1]
	}
	for _, f := range fields {
		if f.val == "" {
			missing = append(missing, f.name)
		}
	}
	if len(missing) > 0 {
		return s, fmt.Errorf("no server configured: set %s in %s or the environment, or try `rdash demo`",
			strings.Join(missing, ", "), c.displayPath())
	}
	return s, nil
}

func (c *Config) displayPath() string {
	if c.Path != "" {
		return c.Path
	}
	return filepath.Join(c.Env.ConfigDir, "config.yml")
}
