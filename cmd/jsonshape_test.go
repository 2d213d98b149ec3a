package cmd

import (
	"encoding/json"
	"strings"
	"testing"

	"rdash/api"
)

// TestNullStaysNull: what the server did not give prints as null
// (docs/json.md): a changelog sent as null, or none at all, and the
// checksums of an external file, for which the service gives none.
func TestNullStaysNull(t *testing.T) {
	t.Parallel()
	var v api.Version
	if err := json.Unmarshal([]byte(`{"id":"AbCd1234","version":"1.0","name":"One","changelog":null,
		"files":[{"id":"f1","name":"https://cdn.example.org/a.jar","external_url":"https://cdn.example.org/a.jar","is_primary":true}]}`), &v); err != nil {
		t.Fatal(err)
	}
	b, err := marshalJSON(versionOut(v))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"changelog":null`, `"checksums":null`, `"sha256":null`, `"size":null`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("lacks %s: %s", want, b)
		}
	}
}
