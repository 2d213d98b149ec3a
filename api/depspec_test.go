package api

import (
	"strings"
	"testing"
)

func TestParseDependencyRoundTrips(t *testing.T) {
	t.Parallel()
	for _, spec := range []string{
		"required:project:AbCd1234", "optional:version:EfGh5678",
		"incompatible:name:Vault", "embedded:name:Vault=https://example.org/vault",
	} {
		d, err := ParseDependency(spec)
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		if got := DependencySpec(d); got != spec {
			t.Errorf("DependencySpec(ParseDependency(%q)) = %q", spec, got)
		}
	}
}

func TestParseDependencyNamesTheRule(t *testing.T) {
	t.Parallel()
	for spec, want := range map[string]string{
		"required":                "TYPE:KIND:TARGET",
		"required:project:":       "TYPE:KIND:TARGET",
		"required:thing:AbCd1234": "KIND must be version, project or name, not thing",
	} {
		if _, err := ParseDependency(spec); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseDependency(%q) = %v, want an error saying %q", spec, err, want)
		}
	}
}
