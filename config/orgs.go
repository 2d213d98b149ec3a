package config

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"unicode"
)

// ParseOrg finds an organization's slug or ID in what a user typed or
// pasted. The service has no endpoint that lists a user's own
// invitations, so an invitee names the organization; accepting the text
// of an invitation link saves retyping it. Accepted forms:
//
//   - a slug or ID: emberforge, 4f8Kq2
//   - a link or path with the organization after an orgs, org,
//     organization or organizations segment, whatever follows:
//     https://example.com/orgs/emberforge/invitations/dave,
//     https://example.com/organization/emberforge, /v3/orgs/emberforge,
//     example.com/orgs/emberforge
//
// Anything else (a link without such a segment, text with spaces or
// control characters) is an error that says which forms work.
func ParseOrg(s string) (string, error) {
	org, _, err := ParseInvitation(s)
	return org, err
}

// ParseInvitation is ParseOrg, and the invitee an invitation link names
// after the organization, as the interface's path does
// (/orgs/ORG/invitations/USER): user is "" when s names none.
func ParseInvitation(s string) (org, user string, err error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", "", errors.New("no organization given")
	}
	if !strings.ContainsAny(s, "/?#") {
		if err := plainName(s); err != nil {
			return "", "", err
		}
		return s, "", nil
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", "", notAnOrg(s)
	}
	segs := strings.Split(strings.Trim(u.EscapedPath(), "/"), "/")
	if u.Host == "" && u.Scheme == "" { // example.com/orgs/x: the host parses as a path
		segs = strings.Split(strings.Trim(strings.SplitN(s, "?", 2)[0], "/"), "/")
	}
	for i := 0; i+1 < len(segs); i++ {
		switch strings.ToLower(segs[i]) {
		case "orgs", "org", "organization", "organizations":
			name, err := url.PathUnescape(segs[i+1])
			if err != nil || name == "" || plainName(name) != nil {
				return "", "", notAnOrg(s)
			}
			return name, invitee(segs[i+2:]), nil
		}
	}
	return "", "", notAnOrg(s)
}

// invitee is the user in the path segments after the organization's,
// when they are invitations/USER and USER is a plain name; else "".
func invitee(segs []string) string {
	if len(segs) < 2 || !strings.EqualFold(segs[0], "invitations") {
		return ""
	}
	user, err := url.PathUnescape(segs[1])
	if err != nil || user == "" || plainName(user) != nil {
		return ""
	}
	return user
}

func plainName(s string) error {
	for _, r := range s {
		if unicode.IsSpace(r) || !unicode.IsPrint(r) || r == '/' {
			return fmt.Errorf("%q is not an organization's slug or ID: it has a space or a control character", s)
		}
	}
	return nil
}

func notAnOrg(s string) error {
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	return fmt.Errorf("no organization in %q: give its slug or ID, or a link with /orgs/ORG/ in it", strings.ToValidUTF8(s, "?"))
}
