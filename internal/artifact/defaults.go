package artifact

import "rdash/api"

// Default is a field the request leaves out, and what the server then
// does with it.
type Default struct {
	Field       string `json:"field"`
	Consequence string `json:"consequence"`
}

// The consequences of leaving a field out of POST
// /projects/{projectId}/versions: the interface says game versions,
// platforms and dependencies default to the channel's; it gives the
// changelog no default.
const (
	ConsequenceChannel   = "from the channel's defaults (the server fills it)"
	ConsequenceChangelog = "none: the version has no changelog"
)

// RequestDefaults lists the fields req leaves out, each with what the
// server does then; the required ones (version, name, channel, files)
// are never left out of a request that is sent.
func RequestDefaults(req *api.CreateVersionRequest) []Default {
	out := []Default{}
	for _, f := range []struct {
		field string
		unset bool
	}{
		{"game_versions", req.MinecraftVersions == nil},
		{"platforms", req.Platforms == nil},
		{"dependencies", req.Dependencies == nil},
	} {
		if f.unset {
			out = append(out, Default{Field: f.field, Consequence: ConsequenceChannel})
		}
	}
	if req.Changelog == "" {
		out = append(out, Default{Field: "changelog", Consequence: ConsequenceChangelog})
	}
	return out
}

// defaults lists the fields p leaves out, as RequestDefaults does.
func (p *Proposal) defaults() []Default {
	var req api.CreateVersionRequest
	p.Apply(&req)
	return RequestDefaults(&req)
}
