package config

import (
	"errors"
	"fmt"
	"os"
	"os/user"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
)

// userHome finds the home directory from the user database when HOME is
// not set; a variable so that tests can make it fail.
var userHome = func() (string, error) {
	u, err := user.Current()
	if err != nil {
		return "", err
	}
	return u.HomeDir, nil
}

// readEnv reads the environment. Directories are always absolute: tokens
// and state are never written relative to the working directory. A
// relative XDG_* value is ignored, as the XDG Base Directory specification
// asks, with a warning; a relative RDASH_*_DIR is an error, since the user
// chose it.
func readEnv(lookup Lookup) (Env, []string, error) {
	get := func(k string) string { v, _ := lookup(k); return v }
	e := Env{
		Token:   get("RDASH_TOKEN"),
		SSH:     get("SSH_CONNECTION") != "" || get("SSH_CLIENT") != "" || get("SSH_TTY") != "",
		Display: get("DISPLAY") != "" || get("WAYLAND_DISPLAY") != "" || runtime.GOOS != "linux",
		NoColor: get("NO_COLOR") != "",
		Browser: get("BROWSER"),
		Debug:   get("RDASH_DEBUG"),
		Tmux:    get("TMUX"),
	}
	term, hasTerm := lookup("TERM")
	// As colorprofile reads it: on Windows an unset TERM is the console.
	e.DumbTerminal = (!hasTerm && runtime.GOOS != "windows" || term == "dumb" || hasTerm && term == "") && !truthy(get("CLICOLOR_FORCE"))
	e.Background = BackgroundFromCOLORFGBG(get("COLORFGBG"))
	var warnings []string
	xdg := func(name string) string {
		v := get(name)
		if v != "" && !filepath.IsAbs(v) {
			warnings = append(warnings, fmt.Sprintf("%s=%q is not an absolute path; ignored, as the XDG Base Directory specification asks", name, v))
			return ""
		}
		return v
	}
	e.DBus = get("DBUS_SESSION_BUS_ADDRESS") != "" || userBusExists(xdg("XDG_RUNTIME_DIR"))
	home := lazyHome(get("HOME"))
	var err error
	if e.ConfigDir, err = dir("RDASH_CONFIG_DIR", get("RDASH_CONFIG_DIR"), "XDG_CONFIG_HOME", xdg("XDG_CONFIG_HOME"), home, ".config"); err != nil {
		return e, warnings, err
	}
	if e.StateDir, err = dir("RDASH_STATE_DIR", get("RDASH_STATE_DIR"), "XDG_STATE_HOME", xdg("XDG_STATE_HOME"), home, filepath.Join(".local", "state")); err != nil {
		return e, warnings, err
	}
	return e, warnings, nil
}

// lazyHome returns the home directory, asked only when needed: HOME when it
// is an absolute path, else the user database (os/user).
func lazyHome(env string) func() (string, error) {
	return func() (string, error) {
		if filepath.IsAbs(env) {
			return env, nil
		}
		h, err := userHome()
		if err == nil && !filepath.IsAbs(h) {
			err = fmt.Errorf("the user database gives %q", h)
		}
		if err != nil {
			what := "HOME is not set"
			if env != "" {
				what = fmt.Sprintf("HOME=%q is not an absolute path", env)
			}
			return "", fmt.Errorf("cannot find your home directory (%s, and %v); "+
				"set HOME, or RDASH_CONFIG_DIR and RDASH_STATE_DIR, to absolute paths", what, err)
		}
		return h, nil
	}
}

// dir picks the rdash override, then the XDG variable, then the XDG default
// under home.
func dir(overrideName, override, xdgName, xdg string, home func() (string, error), fallback string) (string, error) {
	switch {
	case override != "":
		if !filepath.IsAbs(override) {
			return "", fmt.Errorf("%s=%q is not an absolute path: rdash never keeps tokens or state relative to the working directory", overrideName, override)
		}
		return override, nil
	case xdg != "":
		return filepath.Join(xdg, "rdash"), nil
	}
	h, err := home()
	if err != nil {
		return "", errors.New(err.Error() + " (" + xdgName + " is not set either)")
	}
	return filepath.Join(h, fallback, "rdash"), nil
}

// userBusExists reports the per-user bus socket that godbus also tries, so
// the keyring is not probed (and no D-Bus daemon autolaunched) without one.
func userBusExists(runtimeDir string) bool {
	if runtime.GOOS != "linux" {
		return true
	}
	if runtimeDir == "" {
		runtimeDir = filepath.Join("/run/user", strconv.Itoa(os.Getuid()))
	}
	_, err := os.Stat(filepath.Join(runtimeDir, "bus"))
	return err == nil
}

// truthy is how colorprofile reads CLICOLOR_FORCE: a value that parses as
// true.
func truthy(v string) bool {
	b, err := strconv.ParseBool(v)
	return err == nil && b
}

// BackgroundFromCOLORFGBG reads COLORFGBG ("fg;bg", or "fg;default;bg" as
// rxvt writes it), set by rxvt, Konsole and some others: the last field is
// the background's ANSI colour number. 0-6 and 8 are dark; 7 and 9-15
// light, as vim and other programs read it. Anything else is unknown ("").
// rdash serve reads a session's COLORFGBG with it too.
func BackgroundFromCOLORFGBG(v string) string {
	if v == "" {
		return ""
	}
	f := strings.Split(v, ";")
	n, err := strconv.Atoi(f[len(f)-1])
	switch {
	case err != nil || n < 0 || n > 15:
		return ""
	case n <= 6 || n == 8:
		return "dark"
	}
	return "light"
}
