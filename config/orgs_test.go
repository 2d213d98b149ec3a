package config

import (
	"strings"
	"testing"
)

func TestParseOrg(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"emberforge":  "emberforge",
		"  4f8Kq2 \n": "4f8Kq2",
		"https://example.com/orgs/emberforge/invitations/dave":        "emberforge",
		"https://example.com/orgs/emberforge":                         "emberforge",
		"http://127.0.0.1:4242/api/v3/orgs/emberforge/invitations":    "emberforge",
		"https://example.com/organization/ember%2Dforge/settings?x=1": "ember-forge",
		"https://example.com/Organizations/quartz#invite":             "quartz",
		"example.com/orgs/emberforge":                                 "emberforge",
		"/orgs/emberforge/":                                           "emberforge",
	} {
		got, err := ParseOrg(in)
		if err != nil || got != want {
			t.Errorf("ParseOrg(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "  ", "https://example.com/projects/lumen", "https://example.com/orgs/",
		"ember forge", "a\x1b[31m", "https://example.com/orgs/a%20b"} {
		if got, err := ParseOrg(in); err == nil {
			t.Errorf("ParseOrg(%q) = %q, want an error", in, got)
		} else if strings.ContainsRune(err.Error(), '\x1b') {
			t.Errorf("ParseOrg(%q): the error carries an escape: %q", in, err)
		}
	}
}

// TestParseInvitation: a link names the invitee after invitations/, the
// interface's path; a slug, or a link without one, names none.
func TestParseInvitation(t *testing.T) {
	t.Parallel()
	for in, want := range map[string][2]string{
		"https://example.com/orgs/emberforge/invitations/dave":      {"emberforge", "dave"},
		"https://example.com/orgs/emberforge/Invitations/usrDave0/": {"emberforge", "usrDave0"},
		"example.com/orgs/emberforge/invitations/d%61ve?from=mail":  {"emberforge", "dave"},
		"http://127.0.0.1:4242/api/v1/orgs/quartz/invitations/dave": {"quartz", "dave"},
		"https://example.com/orgs/emberforge/invitations":           {"emberforge", ""},
		"https://example.com/orgs/emberforge/members/dave":          {"emberforge", ""},
		"https://example.com/orgs/emberforge/invitations/da%20ve":   {"emberforge", ""},
		"emberforge": {"emberforge", ""},
	} {
		org, user, err := ParseInvitation(in)
		if err != nil || org != want[0] || user != want[1] {
			t.Errorf("ParseInvitation(%q) = %q, %q, %v; want %q, %q", in, org, user, err, want[0], want[1])
		}
	}
}
