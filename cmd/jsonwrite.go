package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/itchyny/gojq"

	"rdash/internal/safe"
)

// printJSON prints v as --json, --jq or --template ask.
func (f *Factory) printJSON(ctx context.Context, o *jsonOutput, v any) error {
	b, err := marshalJSON(v)
	if err != nil {
		return err
	}
	if o.only != nil {
		if b, err = selectFields(b, o.only, o.list); err != nil {
			return err
		}
	}
	switch {
	case o.jq != nil:
		return f.runJQ(ctx, o, b)
	case o.tmpl != nil:
		return f.runTemplate(o, b)
	}
	return writeIndented(f.IO.Out, b)
}

// marshalJSON encodes v compactly, leaving <, > and & as they are (a
// changelog's HTML stays readable).
func marshalJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// writeIndented prints compact JSON b indented, with the hidden characters
// escaped (see writeJSON).
func writeIndented(w io.Writer, b []byte) error {
	var out bytes.Buffer
	if err := json.Indent(&out, b, "", "  "); err != nil {
		return err
	}
	out.WriteByte('\n')
	_, err := w.Write(escapeHidden(out.Bytes()))
	return err
}

// selectFields keeps only the fields named of object b, or of each item
// of list b, in the order b has them.
func selectFields(b []byte, keep []string, list bool) ([]byte, error) {
	if !list {
		return pickFields(b, keep)
	}
	keys, env, err := objectFields(b)
	if err != nil {
		return nil, err
	}
	var items []json.RawMessage
	if err := json.Unmarshal(env["items"], &items); err != nil {
		return nil, err
	}
	for i, it := range items {
		if items[i], err = pickFields(it, keep); err != nil {
			return nil, err
		}
	}
	if env["items"], err = json.Marshal(items); err != nil {
		return nil, err
	}
	return joinObject(keys, env), nil
}

// pickFields keeps the fields named of object b.
func pickFields(b []byte, keep []string) ([]byte, error) {
	keys, vals, err := objectFields(b)
	if err != nil {
		return nil, err
	}
	var kept []string
	for _, k := range keys {
		for _, want := range keep {
			if k == want {
				kept = append(kept, k)
			}
		}
	}
	return joinObject(kept, vals), nil
}

// objectFields reads a JSON object's keys in order and their values.
func objectFields(b []byte) ([]string, map[string]json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, nil, fmt.Errorf("not a JSON object: %.40s", b)
	}
	var keys []string
	vals := map[string]json.RawMessage{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, nil, err
		}
		k, _ := t.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, nil, err
		}
		keys = append(keys, k)
		vals[k] = v
	}
	return keys, vals, nil
}

// joinObject writes the object of keys, in that order, and their values.
func joinObject(keys []string, vals map[string]json.RawMessage) []byte {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		b.Write(kb)
		b.WriteByte(':')
		b.Write(vals[k])
	}
	b.WriteByte('}')
	return b.Bytes()
}

// runJQ prints what the --jq expression makes of b, as gh does: a string
// as its text (made safe for the terminal), anything else as JSON,
// indented on a terminal and one per line in a pipe.
func (f *Factory) runJQ(ctx context.Context, o *jsonOutput, b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var in any
	if err := dec.Decode(&in); err != nil {
		return err
	}
	var out bytes.Buffer
	iter := o.jq.RunWithContext(ctx, in)
	for {
		v, ok := iter.Next()
		if !ok {
			break
		}
		if err, isErr := v.(error); isErr {
			f.IO.Out.Write(out.Bytes())
			return jqError(err)
		}
		if err := writeJQValue(&out, v, f.IO.OutTTY); err != nil {
			return err
		}
	}
	_, err := f.IO.Out.Write(out.Bytes())
	return err
}

func writeJQValue(w *bytes.Buffer, v any, indent bool) error {
	if s, ok := v.(string); ok {
		w.WriteString(safe.PlainText(s))
		w.WriteByte('\n')
		return nil
	}
	b, err := gojq.Marshal(v)
	if err != nil {
		return err
	}
	if !indent {
		w.Write(escapeHidden(b))
		w.WriteByte('\n')
		return nil
	}
	return writeIndented(w, b)
}

// jqError is the error of an expression that failed on the data; halt
// ends without one, and halt_error with its exit code.
func jqError(err error) error {
	var halt *gojq.HaltError
	if errors.As(err, &halt) {
		if halt.Value() == nil && halt.ExitCode() == 0 {
			return nil
		}
		return &ExitError{Code: halt.ExitCode(), Err: fmt.Errorf("--jq: %w", err)}
	}
	return fmt.Errorf("--jq: %w", err)
}
