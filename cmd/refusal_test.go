package cmd

import (
	"testing"

	"rdash/internal/explain"
)

// TestRefusalTablesNameKnownFields: each command's table of the flags
// that give its requests' fields is keyed by fields of the one table the
// dashboard's labels come from, so a field renamed there cannot leave a
// command naming it by the wire.
func TestRefusalTablesNameKnownFields(t *testing.T) {
	t.Parallel()
	for name, fl := range map[string]explain.Flags{"versions list": listFlags, "versions edit": editWords.flags,
		"versions delete": deleteWords.flags, "versions update": updateFlags, "versions create": createFlags,
		"invitations send": sendFlags, "paths": pathFlags} {
		for key := range fl {
			if !explain.Known(key) {
				t.Errorf("%s names %q, which is no field explain knows", name, key)
			}
		}
	}
}
