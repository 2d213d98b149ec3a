package artifact

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
)

// jnode is a JSON value with the line it starts on, read token by token
// so that object keys keep their order (dependencies are listed as the
// file lists them) and every error can name its line, like yamlDoc.
type jnode struct {
	kind byte // '{' object, '[' array, 's' string, 'n' number, 'b' bool, '0' null
	line int
	text string // a string's value; a number's or bool's spelling
	keys []string
	vals []*jnode // object values (beside keys) or array items
}

// maxJSONDepth bounds nesting; metadata files nest a few levels.
const maxJSONDepth = 64

// jsonReader reads one JSON metadata file into jnodes. Lines are counted
// as the decoder moves forward (from seen, at seenLine), so a file of many
// small tokens costs one pass, not one pass per token.
type jsonReader struct {
	member   string
	b        []byte
	dec      *json.Decoder
	seen     int64
	seenLine int
}

// parseJSON reads b, whose top level must be an object.
func parseJSON(member string, b []byte) (*jnode, error) {
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
	r := &jsonReader{member: member, b: b, dec: json.NewDecoder(bytes.NewReader(b)), seenLine: 1}
	r.dec.UseNumber()
	n, err := r.value(0)
	if err != nil {
		return nil, err
	}
	if _, err := r.dec.Token(); err != io.EOF {
		return nil, malformed(member, r.line(), "JSON: more after the top-level object")
	}
	if n.kind != '{' {
		return nil, malformed(member, n.line, "JSON: the top level must be an object")
	}
	return n, nil
}

// line is the line of the next token: past the whitespace, commas and
// colons after the decoder's offset.
func (r *jsonReader) line() int {
	off := r.dec.InputOffset()
	for off < int64(len(r.b)) && bytes.IndexByte([]byte(" \t\r\n,:"), r.b[off]) >= 0 {
		off++
	}
	if off > r.seen {
		r.seenLine += bytes.Count(r.b[r.seen:off], []byte("\n"))
		r.seen = off
	}
	return r.seenLine
}

func (r *jsonReader) value(depth int) (*jnode, error) {
	line := r.line()
	tok, err := r.dec.Token()
	if err != nil {
		return nil, r.syntax(line, err)
	}
	n := &jnode{line: line}
	switch t := tok.(type) {
	case json.Delim:
		if depth >= maxJSONDepth {
			return nil, malformed(r.member, line, "JSON: nested more than %d levels deep", maxJSONDepth)
		}
		n.kind = byte(t)
		return n, r.children(n, depth+1)
	case string:
		n.kind, n.text = 's', t
	case json.Number:
		n.kind, n.text = 'n', t.String()
	case bool:
		n.kind, n.text = 'b', map[bool]string{true: "true", false: "false"}[t]
	default:
		n.kind = '0'
	}
	return n, nil
}

// children reads the members of an object or the items of an array up
// to its closing delimiter.
func (r *jsonReader) children(n *jnode, depth int) error {
	for r.dec.More() {
		if n.kind == '{' {
			line := r.line()
			k, err := r.dec.Token()
			if err != nil {
				return r.syntax(line, err)
			}
			n.keys = append(n.keys, k.(string))
		}
		v, err := r.value(depth)
		if err != nil {
			return err
		}
		n.vals = append(n.vals, v)
	}
	line := r.line()
	if _, err := r.dec.Token(); err != nil {
		return r.syntax(line, err)
	}
	return nil
}

func (r *jsonReader) syntax(line int, err error) error {
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		line = lineAt(r.b, syn.Offset)
	}
	if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
		return malformed(r.member, line, "JSON: the file ends in the middle of a value")
	}
	return malformed(r.member, line, "JSON: %s", err.Error())
}

// get returns the value of key in object n, or nil; as encoding/json
// does, the last of repeated keys counts.
func (n *jnode) get(key string) *jnode {
	if n == nil || n.kind != '{' {
		return nil
	}
	var v *jnode
	for i, k := range n.keys {
		if k == key {
			v = n.vals[i]
		}
	}
	return v
}

// jText reads a string value; absent or null is "".
func jText(member string, n *jnode, key string) (string, error) {
	switch {
	case n == nil || n.kind == '0':
		return "", nil
	case n.kind != 's':
		return "", malformed(member, n.line, "%s must be a string", key)
	}
	return n.text, nil
}

// jTexts reads a string or a list of strings.
func jTexts(member string, n *jnode, key string) ([]string, error) {
	if n != nil && n.kind == '[' {
		out := make([]string, 0, len(n.vals))
		for _, v := range n.vals {
			if v.kind != 's' {
				return nil, malformed(member, v.line, "%s must be a string or a list of strings", key)
			}
			out = append(out, v.text)
		}
		return out, nil
	}
	if n != nil && n.kind != 's' && n.kind != '0' {
		return nil, malformed(member, n.line, "%s must be a string or a list of strings", key)
	}
	s, err := jText(member, n, key)
	if err != nil || s == "" {
		return nil, err
	}
	return []string{s}, nil
}

// jBool reads true or false; absent is def.
func jBool(member string, n *jnode, key string, def bool) (bool, error) {
	switch {
	case n == nil || n.kind == '0':
		return def, nil
	case n.kind != 'b':
		return false, malformed(member, n.line, "%s must be true or false", key)
	}
	return n.text == "true", nil
}

// jKind checks that n, when present, is of the kind ('{' or '[').
func jKind(member string, n *jnode, key string, kind byte) error {
	if n == nil || n.kind == '0' || n.kind == kind {
		return nil
	}
	what := map[byte]string{'{': "an object", '[': "a list"}[kind]
	return malformed(member, n.line, "%s must be %s", key, what)
}
