package config

import (
	"fmt"
	"strconv"
	"time"

	"go.yaml.in/yaml/v3"
)

// Duration is a length of time as Go writes it ("30s", "2m", "1m30s"); "0"
// turns a limit off.
type Duration time.Duration

// UnmarshalYAML reads a duration, refusing a negative or malformed one.
func (d *Duration) UnmarshalYAML(n *yaml.Node) error {
	v, err := parseDuration(n.Value)
	if err != nil {
		return fmt.Errorf("line %d: %w", n.Line, err)
	}
	*d = v
	return nil
}

// MarshalYAML writes the duration as it is read.
func (d Duration) MarshalYAML() (any, error) { return time.Duration(d).String(), nil }

func parseDuration(s string) (Duration, error) {
	v, err := time.ParseDuration(s)
	if err != nil || v < 0 {
		return 0, fmt.Errorf("%q is not a duration such as 30s or 2m (0 turns the limit off)", s)
	}
	return Duration(v), nil
}

// applyNetworkEnv applies the RDASH_* variables of the network settings.
func (c *Config) applyNetworkEnv(lookup Lookup) error {
	for _, d := range []struct {
		name string
		dst  **Duration
	}{
		{"RDASH_RESPONSE_TIMEOUT", &c.ResponseTimeout},
		{"RDASH_STALL_TIMEOUT", &c.StallTimeout},
		{"RDASH_REQUEST_TIMEOUT", &c.RequestTimeout},
		{"RDASH_COMPLETION_TIMEOUT", &c.CompletionTimeout},
	} {
		v, ok := lookup(d.name)
		if !ok || v == "" {
			continue
		}
		parsed, err := parseDuration(v)
		if err != nil {
			return fmt.Errorf("config: %s: %w", d.name, err)
		}
		*d.dst = &parsed
	}
	if v, ok := lookup("RDASH_BULK_PART_SIZE"); ok && v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return fmt.Errorf("config: RDASH_BULK_PART_SIZE: must be a number of IDs, at least 1, not %q", v)
		}
		c.BulkPartSize = n
	}
	return boolEnv(lookup, "RDASH_ALLOW_INSECURE_HTTP", &c.AllowInsecureHTTP)
}

// checkNetwork checks the network settings of the file.
func (c *Config) checkNetwork() error {
	if c.BulkPartSize < 0 {
		return fmt.Errorf("config: bulk_part_size: must be a number of IDs, at least 1, not %d", c.BulkPartSize)
	}
	return nil
}
