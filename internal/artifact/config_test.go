package artifact

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfig: rdash.yml maps dependency names to project IDs; a mapped
// name is sent as the project, a mapped loader is sent too.
func TestConfig(t *testing.T) {
	t.Parallel()
	c, err := ParseConfig("rdash.yml", []byte("# map names to the service's projects\ndependencies:\n  ProtocolLib: prj12345\n  fabric-api: P7dR8mSH\n"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Propose(Input{Paths: []string{fixture(t, "bukkit", "lumen.jar")}, Project: lumenProject(), Config: c})
	if err != nil {
		t.Fatal(err)
	}
	eqList(t, "dependencies", depSpecs(p.Dependencies.Value), []string{"required:project:prj12345", "optional:name:PlaceholderAPI", "optional:name:Vault"})
	eq(t, "source", p.Dependencies.Value[0].Source, `plugin.yml: depend "ProtocolLib"; rdash.yml: ProtocolLib is project prj12345`)
	p, err = Propose(Input{Paths: []string{fixture(t, "fabric-array", "lumen.jar")}, Project: lumenProject(), Config: c})
	if err != nil {
		t.Fatal(err)
	}
	eqList(t, "fabric dependencies", depSpecs(p.Dependencies.Value), []string{"required:project:P7dR8mSH"})
}

// TestConfigErrors: a bad rdash.yml names the line and the rule.
func TestConfigErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		yml  string
		line int
		says string
	}{
		{"dependencies:\n  ProtocolLib: prj123\n", 2, `dependencies.ProtocolLib: "prj123" is not a project ID (8 characters A-Z, a-z, 0-9)`},
		{"dependencies:\n  Vault: prj-1234\n", 2, "is not a project ID"},
		{"depencies:\n  Vault: prj12345\n", 1, `unknown key "depencies" (rdash.yml knows: dependencies)`},
		{"dependencies: [ProtocolLib]\n", 1, "dependencies must map names to project IDs"},
		{"dependencies:\n  Vault: prj12345\n  Vault: prj12346\n", 3, `dependencies names "Vault" twice`},
		{"- a\n- b\n", 1, "the top level must be a mapping"},
		{"dependencies:\n\tVault: prj12345\n", 2, "malformed: YAML: found character that cannot start any token"},
	} {
		_, err := ParseConfig("rdash.yml", []byte(tc.yml))
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, ErrMalformed) || e.Line != tc.line || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%q: %v, want line %d saying %q", tc.yml, err, tc.line, tc.says)
		}
	}
	if c, err := ParseConfig("rdash.yml", []byte("# nothing yet\n")); err != nil || len(c.Dependencies) != 0 {
		t.Errorf("an empty rdash.yml: %v, %v", c, err)
	}
}

// TestLoadConfig: no rdash.yml is no config and no error; one is read.
func TestLoadConfig(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if c, err := LoadConfig(dir); c != nil || err != nil {
		t.Fatalf("LoadConfig of an empty directory = %v, %v", c, err)
	}
	if err := os.WriteFile(filepath.Join(dir, ConfigFile), []byte("dependencies: {ProtocolLib: prj12345}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := LoadConfig(dir)
	if err != nil || c.Dependencies["ProtocolLib"] != "prj12345" {
		t.Fatalf("LoadConfig = %v, %v", c, err)
	}
}
