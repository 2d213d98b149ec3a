// Command gendocs writes rdash's man pages and shell completion scripts for
// the release archives; .goreleaser.yaml runs it before building:
//
//	go run ./internal/gendocs -out DIR [-version 1.2.3] [-date 2026-11-26T10:00:00Z]
//
// It writes DIR/man/man1/rdash.1 and one page per subcommand
// (rdash-versions-list.1), and DIR/completions/rdash.bash, rdash.zsh and
// rdash.fish. The pages and scripts come from the same command tree the
// binary runs, so they cannot drift from it.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"rdash/cmd"
)

func main() {
	if err := run(os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "gendocs:", err)
		if errors.Is(err, flag.ErrHelp) || errors.Is(err, errUsage) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

// errUsage marks a command line gendocs cannot run with.
var errUsage = errors.New("usage")

// run parses args and writes the files.
func run(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("gendocs", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "directory to write man/ and completions/ into (required)")
	version := fs.String("version", "", "version named in the man pages' footer")
	date := fs.String("date", "", "date in the man pages' header, RFC 3339 (default: $SOURCE_DATE_EPOCH, else today)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() > 0 {
		return fmt.Errorf("%w: -out DIR is required and nothing else may follow the flags", errUsage)
	}
	opts := options{Dir: *out, Version: *version}
	if *date != "" {
		t, err := time.Parse(time.RFC3339, *date)
		if err != nil {
			return fmt.Errorf("%w: -date %q is not RFC 3339 (2026-11-26T10:00:00Z)", errUsage, *date)
		}
		opts.Date = &t
	}
	return generate(cmd.NewRoot(cmd.NewFactory()), opts)
}
