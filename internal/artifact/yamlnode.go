package artifact

import (
	"strings"

	"go.yaml.in/yaml/v3"
)

// yamlDoc is a YAML metadata file read as nodes, not decoded into Go
// values: a scalar keeps the text as written, so `api-version: 1.20` is
// "1.20", not the number 1.2, and every error can name its line.
type yamlDoc struct {
	member string
	root   *yaml.Node
}

// parseYAML reads b, whose top level must be a mapping.
func parseYAML(member string, b []byte) (*yamlDoc, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		line, msg := lineOf(strings.TrimPrefix(err.Error(), "yaml: "))
		return nil, malformed(member, line, "YAML: %s", msg)
	}
	if len(doc.Content) == 0 {
		return nil, malformed(member, 0, "the file is empty")
	}
	root := deref(doc.Content[0])
	if root.Kind != yaml.MappingNode {
		return nil, malformed(member, root.Line, "YAML: the top level must be a mapping of keys to values")
	}
	return &yamlDoc{member: member, root: root}, nil
}

// deref follows aliases, so `depend: *plugins` reads like the list.
func deref(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i < 16; i++ {
		n = n.Alias
	}
	return n
}

// get returns the value of key in mapping n, or nil.
func get(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return deref(n.Content[i+1])
		}
	}
	return nil
}

// text reads a scalar as written; absent or null is "".
func (d *yamlDoc) text(n *yaml.Node, key string) (string, error) {
	switch {
	case n == nil || n.Tag == "!!null":
		return "", nil
	case n.Kind != yaml.ScalarNode:
		return "", malformed(d.member, n.Line, "%s must be a single value", key)
	}
	return n.Value, nil
}

// list reads a sequence of scalars; a single scalar counts as a list of one.
func (d *yamlDoc) list(n *yaml.Node, key string) ([]string, error) {
	switch {
	case n == nil || n.Tag == "!!null":
		return nil, nil
	case n.Kind == yaml.ScalarNode:
		return []string{n.Value}, nil
	case n.Kind != yaml.SequenceNode:
		return nil, malformed(d.member, n.Line, "%s must be a list of names", key)
	}
	out := make([]string, 0, len(n.Content))
	for _, c := range n.Content {
		c = deref(c)
		if c == nil || c.Kind != yaml.ScalarNode {
			return nil, malformed(d.member, n.Line, "%s must be a list of names", key)
		}
		out = append(out, c.Value)
	}
	return out, nil
}

// flag reads a boolean; absent is def.
func (d *yamlDoc) flag(n *yaml.Node, key string, def bool) (bool, error) {
	if n == nil {
		return def, nil
	}
	var b bool
	if err := n.Decode(&b); err != nil {
		return false, malformed(d.member, n.Line, "%s must be true or false", key)
	}
	return b, nil
}

// entries lists the keys of mapping n with their values, in file order.
func (d *yamlDoc) entries(n *yaml.Node, key string) ([][2]*yaml.Node, error) {
	switch {
	case n == nil || n.Tag == "!!null":
		return nil, nil
	case n.Kind != yaml.MappingNode:
		return nil, malformed(d.member, n.Line, "%s must be a mapping", key)
	}
	var out [][2]*yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		out = append(out, [2]*yaml.Node{n.Content[i], deref(n.Content[i+1])})
	}
	return out, nil
}
