package cmd

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"text/template"

	"github.com/itchyny/gojq"
	"github.com/spf13/cobra"

	"rdash/internal/safe"
)

// jsonOutput is a command's --json, --jq and --template, as gh has them:
// --json prints the command's JSON (docs/json.md), --json FIELDS only the
// fields named (of each item, for a list), --jq filters the JSON with a jq
// expression (gojq: no jq binary needed) and --template formats it with
// Go's text/template. --jq and --template work on the JSON, so they need
// no --json beside them. Every mistake in them is a usage error (exit 2),
// found as the flags are parsed, before anything is read or sent.
type jsonOutput struct {
	fields []string // the valid fields, in output order
	list   bool     // the output is a list: fields are its items'
	set    bool     // --json was given
	only   []string // --json FIELDS; nil for every field
	jq     *gojq.Code
	tmpl   *template.Template
}

// allFields is --json's value when it is given alone.
const allFields = "all"

// addJSONFlags gives c --json, --jq and --template for output of shape's
// type: a listJSON prints a list, whose fields are its items'.
func addJSONFlags(c *cobra.Command, shape any) *jsonOutput {
	o := &jsonOutput{}
	t := reflect.TypeOf(shape)
	if l, ok := shape.(interface{ itemShape() any }); ok {
		t, o.list = reflect.TypeOf(l.itemShape()), true
	}
	o.fields = jsonFieldNames(t)
	what := "JSON fields"
	if o.list {
		what = "JSON fields (of each item)"
	}
	c.Long = strings.TrimSpace(cmp.Or(c.Long, c.Short) + "\n\n" + what + ": " + strings.Join(o.fields, ", ") + " (docs/json.md)")
	fs := c.Flags()
	fs.VarPF(jsonFieldsValue{o}, "json", "", "print JSON: every field, or only the `fields` named (comma-separated)").NoOptDefVal = allFields
	fs.VarP(jqValue{o}, "jq", "q", "filter the JSON output with a jq `expression`")
	fs.VarP(templateValue{o}, "template", "t", "format the JSON output with a Go `template`")
	c.MarkFlagsMutuallyExclusive("jq", "template")
	_ = c.RegisterFlagCompletionFunc("json", o.completeFields)
	return o
}

// on says whether the command prints JSON, or formats it.
func (o *jsonOutput) on() bool { return o != nil && (o.set || o.jq != nil || o.tmpl != nil) }

// jsonFieldNames are the JSON keys of a struct type's fields, in order.
func jsonFieldNames(t reflect.Type) []string {
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.IsExported() && name != "" && name != "-" {
			out = append(out, name)
		}
	}
	return out
}

func (listJSON[T]) itemShape() any { var zero T; return zero }

// jsonFieldsValue is --json's value: the fields to print.
type jsonFieldsValue struct{ o *jsonOutput }

func (v jsonFieldsValue) String() string { return strings.Join(v.o.only, ",") }
func (v jsonFieldsValue) Type() string   { return "fields" }

// Set checks every field named; an unknown one lists those there are.
func (v jsonFieldsValue) Set(s string) error {
	v.o.set = true
	if s == allFields {
		v.o.only = nil
		return nil
	}
	var only []string
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		if !slices.Contains(v.o.fields, name) {
			return &fieldsError{value: s, field: name, fields: v.o.fields}
		}
		if !slices.Contains(only, name) {
			only = append(only, name)
		}
	}
	v.o.only = only
	return nil
}

// fieldsError is a --json value that names a field the command does not
// print: mistyped (with the fields near it), or empty (a stray comma).
type fieldsError struct {
	value, field string
	fields       []string
}

func (e *fieldsError) Error() string {
	there := "\nJSON fields: " + strings.Join(e.fields, ", ")
	if e.field == "" {
		return fmt.Sprintf("--json %s: an empty field name (a comma too many?)%s", safe.PlainLine(clip(e.value)), there)
	}
	return fmt.Sprintf("unknown JSON field %s%s%s", safe.PlainLine(clip(e.field)), didYouMean(suggestFor(e.field, e.fields)), there)
}

// jqValue is --jq's value, compiled as it is parsed.
type jqValue struct{ o *jsonOutput }

func (v jqValue) String() string { return "" }
func (v jqValue) Type() string   { return "expression" }

func (v jqValue) Set(s string) error {
	q, err := gojq.Parse(s)
	if err != nil {
		return err
	}
	v.o.jq, err = gojq.Compile(q)
	return err
}

// templateValue is --template's value, parsed as it is given.
type templateValue struct{ o *jsonOutput }

func (v templateValue) String() string { return "" }
func (v templateValue) Type() string   { return "template" }

func (v templateValue) Set(s string) error {
	t, err := template.New("--template").Option("missingkey=zero").Funcs(templateFuncs(nil)).Parse(s)
	v.o.tmpl = t
	return err
}

// completeFields completes --json's comma-separated fields.
func (o *jsonOutput) completeFields(_ *cobra.Command, _ []string, typed string) ([]string, cobra.ShellCompDirective) {
	i := strings.LastIndex(typed, ",")
	done := strings.Split(typed[:i+1], ",")
	var out []string
	for _, f := range o.fields {
		if !slices.Contains(done, f) {
			out = append(out, typed[:i+1]+f)
		}
	}
	return out, cobra.ShellCompDirectiveNoSpace | cobra.ShellCompDirectiveNoFileComp
}
