package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"text/template"
	"time"

	"rdash/internal/safe"
	"rdash/ui/common"
)

// runTemplate prints the --template applied to JSON b. The data's text is
// made safe for the terminal first; the template's own text is the
// user's, and is printed as written.
func (f *Factory) runTemplate(o *jsonOutput, b []byte) error {
	var data any
	if err := json.Unmarshal(b, &data); err != nil {
		return err
	}
	tb := &table{tty: f.IO.OutTTY}
	var out bytes.Buffer
	if err := o.tmpl.Funcs(templateFuncs(tb)).Execute(&out, safeData(data)); err != nil {
		return fmt.Errorf("--template: %w", err)
	}
	if len(tb.rows) > 0 {
		if err := tb.write(&out); err != nil {
			return err
		}
	}
	_, err := f.IO.Out.Write(out.Bytes())
	return err
}

// safeData is data with every string made safe to print.
func safeData(v any) any {
	switch x := v.(type) {
	case string:
		return safe.PlainText(x)
	case []any:
		for i := range x {
			x[i] = safeData(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = safeData(x[k])
		}
	}
	return v
}

// templateFuncs are gh's template helpers that fit rdash's output:
// tablerow adds a row to a table laid out as rdash's own (aligned on a
// terminal, tab-separated in a pipe) and printed at the end or by
// tablerender; join, pluck, truncate, timefmt and timeago.
func templateFuncs(tb *table) template.FuncMap {
	return template.FuncMap{
		"tablerow": func(cells ...any) string {
			row := make([]string, len(cells))
			for i, c := range cells {
				row[i] = fmt.Sprint(c)
			}
			tb.add(row...)
			return ""
		},
		"tablerender": func() (string, error) {
			var b strings.Builder
			err := tb.write(&b)
			tb.rows = nil
			return b.String(), err
		},
		"join": func(sep string, list []any) string {
			parts := make([]string, len(list))
			for i, v := range list {
				parts[i] = fmt.Sprint(v)
			}
			return strings.Join(parts, sep)
		},
		"pluck": func(field string, list []any) []any {
			var out []any
			for _, v := range list {
				if m, ok := v.(map[string]any); ok {
					out = append(out, m[field])
				}
			}
			return out
		},
		"truncate": func(n int, s string) string {
			if r := []rune(s); len(r) > n {
				return string(r[:max(n-1, 0)]) + "…"
			}
			return s
		},
		"timefmt": func(layout, iso string) (string, error) {
			t, err := time.Parse(time.RFC3339, iso)
			return t.Format(layout), err
		},
		"timeago": func(iso string) (string, error) {
			t, err := time.Parse(time.RFC3339, iso)
			return common.Ago(t, time.Now()), err
		},
	}
}
