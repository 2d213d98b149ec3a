package invitations

import (
	"strings"

	"rdash/api"
	"rdash/internal/safe"
)

// permissionWords say what the permissions the service names let a member
// do, as the screen shows them; the wire name is shown only for one not
// listed here.
var permissionWords = map[api.Permission]string{
	"MEMBER_CREATE":          "invite members",
	"project:version:create": "publish versions",
	"project:version:update": "edit versions",
	"project:version:delete": "delete versions",
}

// permissionWord is p in words, or its name when it has none.
func permissionWord(p api.Permission) string {
	if w, ok := permissionWords[p]; ok {
		return w
	}
	return safe.Line(string(p))
}

// plainWords puts the wire names a sentence from internal/explain holds
// (written for the command line, whose users script with them) in the
// screen's words.
var plainWords = strings.NewReplacer(
	"a member with the MEMBER_CREATE permission (and the org:member:create scope at sign-in)",
	"a member allowed to invite members (and a sign-in allowed to manage invitations)",
	"the MEMBER_CREATE permission", "the permission to invite members",
	"the org:member:create scope", "a sign-in allowed to manage invitations",
	"MEMBER_CREATE", "the permission to invite members",
	"org:member:create", "managing invitations",
)
