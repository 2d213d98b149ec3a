package artifact

import (
	"archive/zip"
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// readManifest reads the main section of META-INF/MANIFEST.MF, the
// attributes before the first blank line. A signed jar's manifest lists
// every entry after that, so only the main section must fit in
// MaxMemberBytes.
func readManifest(f *zip.File) (map[string]string, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, &Error{Member: f.Name, Err: fmt.Errorf("%w: cannot open it in the archive: %v", ErrMalformed, err)}
	}
	defer rc.Close()
	lr := &io.LimitedReader{R: rc, N: MaxMemberBytes + 1}
	attrs, ended, err := parseManifest(lr)
	switch {
	case errors.Is(err, bufio.ErrTooLong) || (!ended && lr.N == 0):
		return nil, &Error{Member: f.Name, Err: fmt.Errorf("%w: its main section is longer than %d bytes", ErrTooLarge, MaxMemberBytes)}
	case err != nil:
		return nil, &Error{Member: f.Name, Err: fmt.Errorf("%w: cannot read it from the archive: %v", ErrMalformed, err)}
	}
	return attrs, nil
}

// parseManifest reads "Name: value" lines, joining continuation lines
// (which start with one space), up to the first blank line; ended reports
// whether it met that line.
func parseManifest(r io.Reader) (attrs map[string]string, ended bool, err error) {
	attrs = map[string]string{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), MaxMemberBytes)
	var last string
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		switch {
		case line == "":
			return attrs, true, nil
		case strings.HasPrefix(line, " ") && last != "":
			attrs[last] += line[1:]
		default:
			k, v, ok := strings.Cut(line, ":")
			if !ok {
				continue
			}
			last = strings.TrimSpace(k)
			attrs[last] = strings.TrimPrefix(v, " ")
		}
	}
	if err := sc.Err(); err != nil {
		return nil, false, err
	}
	return attrs, false, nil
}
