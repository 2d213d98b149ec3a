package serve

import (
	"fmt"
	"io"
	"log/slog"
	"os"
)

// Logger is the JSON log of who did what: to path (0600, appended) or to
// stderr.
func Logger(path string, stderr io.Writer) (*slog.Logger, func(), error) {
	w, closeFn := stderr, func() {}
	if path != "" {
		fh, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
		if err != nil {
			return nil, nil, fmt.Errorf("--log: %w", err)
		}
		w, closeFn = fh, func() { fh.Close() }
	}
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: slog.LevelInfo})), closeFn, nil
}
