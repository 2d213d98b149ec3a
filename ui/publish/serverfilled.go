package publish

import (
	"strings"

	"rdash/api"
	"rdash/internal/safe"
)

// filledNotes say, once a version is published, what the server chose
// for the fields the request left out: the interface says the channel's
// defaults fill them, and the server's answer says what they became.
func filledNotes(req *api.CreateVersionRequest, v *api.Version) []string {
	if v == nil {
		return nil
	}
	var out []string
	say := func(label, value string) {
		out = append(out, "the server filled "+label+": "+safe.Line(value)+" (left out of the request: the channel's defaults)")
	}
	if req.MinecraftVersions == nil {
		say("Game versions", listOrNone(v.MinecraftVersions))
	}
	if req.Platforms == nil {
		say("Platforms", listOrNone(v.Platforms))
	}
	if req.Dependencies == nil {
		deps := make([]string, len(v.Dependencies))
		for i, d := range v.Dependencies {
			deps[i] = api.DependencySpec(d)
		}
		say("Dependencies", listOrNone(deps))
	}
	return out
}

func listOrNone(list []string) string {
	if len(list) == 0 {
		return "none"
	}
	return strings.Join(list, ", ")
}
