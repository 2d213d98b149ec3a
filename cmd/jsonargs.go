package cmd

import (
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// --json alone prints every field, so pflag never takes the word after it
// as its value: "--json id,version" would be --json and an argument. The
// word is read as --json's fields before cobra parses the line
// (jsonFieldsArg) when it names fields (a field of the command, or a
// comma-separated list), or when it cannot be an argument: the command
// would have an argument too many with it and the right number without
// ("versions list lumen --json verison", "auth status --json accont"), so
// that a mistyped field is refused by name rather than as an argument.
// Otherwise it stays an argument ("versions get --json lumen 2.4.0").

// bareJSON is what the shadow parse gives --json alone, to tell it from
// --json=all.
const bareJSON = "\x00bare"

// jsonFieldsArg joins "--json WORD" into "--json=WORD" in args where WORD
// is --json's fields (see above).
func jsonFieldsArg(root *cobra.Command, args []string) []string {
	c, rest, err := root.Find(args)
	if err != nil || c.Flags().Lookup("json") == nil {
		return args
	}
	v, ok := c.Flags().Lookup("json").Value.(jsonFieldsValue)
	if !ok {
		return args
	}
	positional, bare, ok := shadowParse(c, rest)
	if !ok {
		return args // cobra's own parse says what is wrong
	}
	out := slices.Clone(args)
	k := 0 // the k-th bare --json of args is the k-th of the shadow parse
	for i := 0; i < len(out) && k < len(bare); i++ {
		if out[i] == "--" {
			break
		}
		if out[i] != "--json" {
			continue
		}
		at := bare[k]
		k++
		if i+1 == len(out) || strings.HasPrefix(out[i+1], "-") || at >= len(positional) || positional[at] != out[i+1] {
			continue
		}
		if v.o.looksLikeFields(out[i+1]) || cannotBeArg(c, positional, at) {
			out = slices.Replace(out, i, i+2, "--json="+out[i+1])
		}
	}
	return out
}

// shadowParse parses args with flags shaped as c's (each takes a value or
// not, as c's does) and returns the positional arguments and, for each
// bare --json, how many arguments came before it: the place of the word
// after it among them.
func shadowParse(c *cobra.Command, args []string) (positional []string, bare []int, ok bool) {
	fs := pflag.NewFlagSet(c.Name(), pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.ParseErrorsAllowlist.UnknownFlags = true
	add := func(fl *pflag.Flag) {
		if fs.Lookup(fl.Name) != nil {
			return
		}
		val := shadowValue(func(s string) {
			if fl.Name == "json" && s == bareJSON {
				bare = append(bare, len(fs.Args()))
			}
		})
		sf := fs.VarPF(val, fl.Name, fl.Shorthand, "")
		sf.NoOptDefVal = fl.NoOptDefVal
		if fl.Name == "json" {
			sf.NoOptDefVal = bareJSON
		}
	}
	c.Flags().VisitAll(add)
	c.InheritedFlags().VisitAll(add)
	if err := fs.Parse(args); err != nil {
		return nil, nil, false
	}
	return fs.Args(), bare, true
}

// shadowValue takes any value, and tells set.
type shadowValue func(string)

func (v shadowValue) Set(s string) error { v(s); return nil }
func (v shadowValue) String() string     { return "" }
func (v shadowValue) Type() string       { return "string" }

// cannotBeArg says that the word at in positional is no argument of c:
// with it c has an argument too many, without it the right number.
func cannotBeArg(c *cobra.Command, positional []string, at int) bool {
	if c.Args == nil || c.Args(c, positional) == nil {
		return false
	}
	without := slices.Delete(slices.Clone(positional), at, at+1)
	return c.Args(c, without) == nil
}

// looksLikeFields says a word is --json's fields: a field of the
// command, or a comma-separated list of lower-case names.
func (o *jsonOutput) looksLikeFields(word string) bool {
	names := strings.Split(word, ",")
	for _, n := range names {
		if n == "" || strings.ContainsFunc(n, func(r rune) bool { return (r < 'a' || r > 'z') && r != '_' }) {
			return false
		}
	}
	return len(names) > 1 || slices.Contains(o.fields, word)
}

// completingJSON makes the word after a bare --json its value while the
// shell asks for completions (rdash __complete … --json ""): it completes
// to the command's fields, not to arguments or file names.
func completingJSON(root *cobra.Command, args []string) {
	n := len(args)
	if n < 3 || (args[0] != cobra.ShellCompRequestCmd && args[0] != cobra.ShellCompNoDescRequestCmd) || args[n-2] != "--json" {
		return
	}
	if c, _, err := root.Find(args[1 : n-1]); err == nil {
		if fl := c.Flags().Lookup("json"); fl != nil {
			fl.NoOptDefVal = ""
		}
	}
}
