package artifact

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	"rdash/api"
)

// ConfigFile is the optional file, in the directory rdash runs in, that
// maps the dependency names metadata files use to the service's project
// IDs:
//
//	dependencies:
//	  ProtocolLib: prj12345
const ConfigFile = "rdash.yml"

// Config is what rdash.yml says.
type Config struct {
	// Dependencies maps a dependency's name, as metadata files write it
	// (case matters), to the ID of its project on the service.
	Dependencies map[string]string
}

// project returns the project ID rdash.yml maps name to.
func (c *Config) project(name string) (string, bool) {
	if c == nil {
		return "", false
	}
	id, ok := c.Dependencies[name]
	return id, ok
}

// LoadConfig reads ConfigFile in dir; with no such file it returns nil and
// no error.
func LoadConfig(dir string) (*Config, error) {
	path := filepath.Join(dir, ConfigFile)
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return ParseConfig(path, b)
}

// ParseConfig reads an rdash.yml; name is the file's name in errors,
// which give the line. Unknown keys are errors, so a typo is not silently
// ignored.
func ParseConfig(name string, b []byte) (*Config, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		line, msg := lineOf(strings.TrimPrefix(err.Error(), "yaml: "))
		return nil, malformed(name, line, "YAML: %s", msg)
	}
	c := &Config{Dependencies: map[string]string{}}
	if len(doc.Content) == 0 {
		return c, nil
	}
	root := deref(doc.Content[0])
	if root.Kind != yaml.MappingNode {
		return nil, malformed(name, root.Line, "the top level must be a mapping (dependencies: …)")
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k := root.Content[i]
		if k.Value != "dependencies" {
			return nil, malformed(name, k.Line, "unknown key %q (%s knows: dependencies)", k.Value, ConfigFile)
		}
		if err := c.readDependencies(name, deref(root.Content[i+1])); err != nil {
			return nil, err
		}
	}
	return c, nil
}

func (c *Config) readDependencies(name string, n *yaml.Node) error {
	if n.Kind != yaml.MappingNode {
		return malformed(name, n.Line, "dependencies must map names to project IDs (ProtocolLib: prj12345)")
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], deref(n.Content[i+1])
		if k.Kind != yaml.ScalarNode || v.Kind != yaml.ScalarNode {
			return malformed(name, k.Line, "dependencies must map names to project IDs (ProtocolLib: prj12345)")
		}
		if _, dup := c.Dependencies[k.Value]; dup {
			return malformed(name, k.Line, "dependencies names %q twice", k.Value)
		}
		if len(v.Value) != api.IDLength || strings.ContainsFunc(v.Value, notIDRune) {
			return malformed(name, v.Line, "dependencies.%s: %q is not a project ID (%d characters A-Z, a-z, 0-9)", k.Value, v.Value, api.IDLength)
		}
		c.Dependencies[k.Value] = v.Value
	}
	return nil
}

func notIDRune(r rune) bool {
	return (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') && (r < '0' || r > '9')
}
