package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestNetworkSettings(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "config.yml")
	file := "response_timeout: 10s\nstall_timeout: 0\nbulk_part_size: 40\nallow_insecure_http: true\n"
	if err := os.WriteFile(path, []byte(file), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := Load(path, env(map[string]string{"HOME": dir, "RDASH_REQUEST_TIMEOUT": "2m", "RDASH_RESPONSE_TIMEOUT": "5s"}))
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case c.ResponseTimeout == nil || time.Duration(*c.ResponseTimeout) != 5*time.Second:
		t.Errorf("response_timeout = %v, want the environment's 5s", c.ResponseTimeout)
	case c.StallTimeout == nil || *c.StallTimeout != 0:
		t.Errorf("stall_timeout = %v, want 0 (off)", c.StallTimeout)
	case c.RequestTimeout == nil || time.Duration(*c.RequestTimeout) != 2*time.Minute:
		t.Errorf("request_timeout = %v", c.RequestTimeout)
	case c.BulkPartSize != 40 || !c.AllowInsecureHTTP:
		t.Errorf("bulk_part_size, allow_insecure_http = %d, %v", c.BulkPartSize, c.AllowInsecureHTTP)
	}
	if len(c.Warnings) != 0 {
		t.Errorf("warnings: %v", c.Warnings)
	}
	d, err := Load("", env(map[string]string{"HOME": dir, "RDASH_CONFIG_DIR": filepath.Join(dir, "none")}))
	if err != nil || d.ResponseTimeout != nil || d.BulkPartSize != 0 || d.AllowInsecureHTTP {
		t.Fatalf("defaults = %+v, %v", d, err)
	}
}

func TestNetworkSettingErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tt := range []struct {
		file string
		env  map[string]string
		want string
	}{
		{"stall_timeout: soon\n", nil, `"soon" is not a duration such as 30s`},
		{"response_timeout: -1s\n", nil, `"-1s" is not a duration`},
		{"bulk_part_size: -3\n", nil, "bulk_part_size: must be a number of IDs, at least 1"},
		{"", map[string]string{"RDASH_STALL_TIMEOUT": "1 hour"}, "RDASH_STALL_TIMEOUT"},
		{"", map[string]string{"RDASH_BULK_PART_SIZE": "0"}, "RDASH_BULK_PART_SIZE: must be a number of IDs"},
		{"", map[string]string{"RDASH_ALLOW_INSECURE_HTTP": "maybe"}, "RDASH_ALLOW_INSECURE_HTTP: must be true or false"},
	} {
		path := filepath.Join(t.TempDir(), "config.yml")
		if err := os.WriteFile(path, []byte(tt.file), 0o600); err != nil {
			t.Fatal(err)
		}
		e := map[string]string{"HOME": dir}
		for k, v := range tt.env {
			e[k] = v
		}
		if _, err := Load(path, env(e)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q %v: err = %v, want %q", tt.file, tt.env, err, tt.want)
		}
	}
}
