// Package wiretest holds what the client's and the sandbox's tests share
// to compare JSON with the fixtures in testdata/wire: both sides read the
// same examples, written from the interface document.
package wiretest

import (
	"encoding/json"
	"testing"
)

// Normal decodes b into maps and slices, dropping null members, which the
// fixtures and docs/wire.md treat as absent; two Normal values compare
// member by member with reflect.DeepEqual.
func Normal(t testing.TB, b []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return dropNulls(v)
}

func dropNulls(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if e == nil {
				delete(x, k)
			} else {
				x[k] = dropNulls(e)
			}
		}
	case []any:
		for i, e := range x {
			x[i] = dropNulls(e)
		}
	}
	return v
}
