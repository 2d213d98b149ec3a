package auth

import (
	"fmt"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"rdash/config"
)

// TestNewClientFollowsTheConfig: the config's bulk part size and limits
// reach a client made by NewClient.
func TestNewClientFollowsTheConfig(t *testing.T) {
	t.Parallel()
	stall := config.Duration(5 * time.Second)
	cfg := &config.Config{BaseURL: "https://api.example.com/api/v1", AuthURL: "https://auth.example.com", ClientID: "rdash",
		ClientSecret: "s", BulkPartSize: 25, StallTimeout: &stall}
	s, err := SettingsFrom(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Limits == nil || s.Limits.Stall != 5*time.Second || s.Limits.Response != 30*time.Second {
		t.Fatalf("limits = %+v", s.Limits)
	}
	src := NewSource(t.Context(), SourceOptions{Settings: s, Stored: &Stored{Token: &oauth2.Token{AccessToken: "t"}}})
	c, err := NewClient(src)
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]string, 200)
	for i := range ids {
		ids[i] = fmt.Sprintf("v%07d", i)
	}
	if n := len(c.BulkParts("lumen", ids)); n != 8 {
		t.Fatalf("BulkParts = %d, want 8 parts of bulk_part_size 25", n)
	}
}
