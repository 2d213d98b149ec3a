package cmd

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/pflag"
)

// fromFlag is --from FILE…: each value, with how many arguments came
// before it, so that the files after it (build/libs/*.jar, which the
// shell expands into several words) keep their place among the others.
// pflag takes one value per flag; the words after it are arguments, and
// the flag set's arguments so far say where they fall.
type fromFlag struct {
	fs   *pflag.FlagSet
	vals []fromValue
}

type fromValue struct {
	path   string
	before int // arguments before this --from
}

func (f *fromFlag) String() string {
	paths := make([]string, len(f.vals))
	for i, v := range f.vals {
		paths[i] = v.path
	}
	return strings.Join(paths, ",")
}

func (f *fromFlag) Set(s string) error {
	f.vals = append(f.vals, fromValue{path: s, before: len(f.fs.Args())})
	return nil
}

func (f *fromFlag) Type() string { return "file" }

// given reports whether --from was given.
func (f *fromFlag) given() bool { return f != nil && len(f.vals) > 0 }

// paths returns the files --from gives, in the order written: each
// --from's value, then the arguments after it up to the next --from.
// args are all the arguments, PROJECT first, which must come before the
// first --from: after it, every argument is a file.
func (f *fromFlag) paths(args []string) ([]string, error) {
	if !f.given() {
		if len(args) > 1 {
			return nil, fmt.Errorf("unexpected argument %q: give the files with --file, or read them with --from FILE…", args[1])
		}
		return nil, nil
	}
	if f.vals[0].before == 0 {
		return nil, errors.New("PROJECT comes before --from: rdash versions create PROJECT --from FILE…")
	}
	if f.vals[0].before > 1 {
		return nil, fmt.Errorf("unexpected argument %q: the files read go after --from", args[1])
	}
	var out []string
	for i, v := range f.vals {
		end := len(args)
		if i+1 < len(f.vals) {
			end = f.vals[i+1].before
		}
		out = append(out, v.path)
		out = append(out, args[min(v.before, end):end]...)
	}
	return out, nil
}

// expandFrom expands the glob patterns among paths, for shells that pass
// them as typed (quoted, or a Windows shell): a path that names no file
// and holds *, ? or [ is matched, in lexical order, as a POSIX shell
// would. A pattern that matches nothing is an error that says so; a file
// given twice is read and uploaded once.
func expandFrom(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		matches := []string{p}
		if _, err := os.Lstat(p); err != nil && strings.ContainsAny(p, "*?[") {
			m, gerr := filepath.Glob(p)
			switch {
			case gerr != nil:
				return nil, fmt.Errorf("--from %s: not a valid pattern (%v)", p, gerr)
			case len(m) == 0:
				return nil, fmt.Errorf("--from %s: no file matches this pattern", p)
			}
			matches = m
		}
		for _, m := range matches {
			if !slices.ContainsFunc(out, func(o string) bool { return filepath.Clean(o) == filepath.Clean(m) }) {
				out = append(out, m)
			}
		}
	}
	return out, nil
}
