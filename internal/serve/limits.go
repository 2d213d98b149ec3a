package serve

import (
	"strings"
)

// The largest terminal a session is drawn for. A client may ask for any
// size (the SSH protocol carries 32-bit numbers), and the renderer keeps
// buffers of width × height cells, so an unchecked 100000x100000 would
// take gigabytes. A larger request is clamped to this, not refused: the
// dashboard is drawn at 500×200 in the top-left corner of a bigger window.
const (
	MaxColumns = 500
	MaxRows    = 200
)

// ClampWindow is the size a session is drawn at for a requested width and
// height: at most MaxColumns × MaxRows, and at least 1×1 (a client that
// says 0 gets 80×24, as a terminal that cannot tell its size does).
func ClampWindow(width, height int) (int, int) {
	if width <= 0 {
		width = 80
	}
	if height <= 0 {
		height = 24
	}
	return min(width, MaxColumns), min(height, MaxRows)
}

// Environment requests a session keeps. The library would keep every
// one, of any size, for the session's life; only the variables the
// dashboard reads are kept, each name and value bounded, and at most
// MaxEnv of them. A client sends the few its configuration names
// (OpenSSH's SendEnv, "LANG LC_*" by default); one that sends more than
// MaxEnvRequests is not a terminal, and its connection is closed.
const (
	MaxEnv         = 16  // variables kept per session
	MaxEnvNameLen  = 64  // bytes
	MaxEnvValueLen = 256 // bytes
	MaxEnvRequests = 128 // environment requests one session may send
)

// envNames are the variables the dashboard reads: the terminal's type
// and colours, and the locale. LC_* is matched by prefix.
var envNames = map[string]bool{"TERM": true, "COLORTERM": true, "COLORFGBG": true, "NO_COLOR": true, "LANG": true}

// EnvAllowed reports whether an environment request for name, with a
// value of valueLen bytes, is kept: a variable the dashboard reads,
// within the size limits.
func EnvAllowed(name string, valueLen int) bool {
	if len(name) > MaxEnvNameLen || valueLen > MaxEnvValueLen {
		return false
	}
	return envNames[name] || strings.HasPrefix(name, "LC_")
}
