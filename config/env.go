package config

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"
)

func readEnv(lookup Lookup) Env {
	get := func(k string) string { v, _ := lookup(k); return v }
	e := Env{
		Token:   get("RDASH_TOKEN"),
		SSH:     get("SSH_CONNECTION") != "" || get("SSH_CLIENT") != "" || get("SSH_TTY") != "",
		Display: get("DISPLAY") != "" || get("WAYLAND_DISPLAY") != "" || runtime.GOOS != "linux",
		NoColor: get("NO_COLOR") != "",
		Browser: get("BROWSER"),
		Debug:   get("RDASH_DEBUG"),
	}
	e.DBus = get("DBUS_SESSION_BUS_ADDRESS") != "" || userBusExists(get("XDG_RUNTIME_DIR"))
	home := get("HOME")
	e.ConfigDir = dir(get("RDASH_CONFIG_DIR"), get("XDG_CONFIG_HOME"), home, ".config")
	e.StateDir = dir(get("RDASH_STATE_DIR"), get("XDG_STATE_HOME"), home, filepath.Join(".local", "state"))
	return e
}

// dir picks the rdash override, then the XDG variable, then the XDG default
// under home.
func dir(override, xdg, home, fallback string) string {
	switch {
	case override != "":
		return override
	case xdg != "":
		return filepath.Join(xdg, "rdash")
	default:
		return filepath.Join(home, fallback, "rdash")
	}
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
