package cmd

import (
	"fmt"
	"io"
	"strings"

	"rdash/api"
	"rdash/internal/safe"
)

// filledJSON is a field a create left out, with the value the server gave
// it. The interface says the channel's defaults fill these fields; the
// value is the server's answer, whatever it chose.
type filledJSON struct {
	Field string `json:"field"`
	// Value is a list of game versions or platforms, or of dependencies.
	Value any    `json:"value"`
	Why   string `json:"why"`
}

// filledWhy says why the server chose a value.
const filledWhy = "the request left it out: the server filled it (the channel's defaults)"

// serverFilled lists the fields req left out with the values v, the
// version the server made, holds for them.
func serverFilled(req *api.CreateVersionRequest, v *api.Version) []filledJSON {
	out := []filledJSON{}
	if req.MinecraftVersions == nil {
		out = append(out, filledJSON{Field: "game_versions", Value: nonNilSlice(v.MinecraftVersions), Why: filledWhy})
	}
	if req.Platforms == nil {
		out = append(out, filledJSON{Field: "platforms", Value: nonNilSlice(v.Platforms), Why: filledWhy})
	}
	if req.Dependencies == nil {
		out = append(out, filledJSON{Field: "dependencies", Value: dependenciesOut(v.Dependencies), Why: filledWhy})
	}
	return out
}

// printServerFilled says, after a create, what the server chose for the
// fields the request left out.
func printServerFilled(w io.Writer, req *api.CreateVersionRequest, v *api.Version) {
	for _, f := range serverFilled(req, v) {
		var text string
		switch val := f.Value.(type) {
		case []string:
			text = "[" + strings.Join(val, ", ") + "]"
		default:
			text = depsText(v.Dependencies)
		}
		label := strings.ReplaceAll(f.Field, "_", " ")
		fmt.Fprintf(w, "the server filled %s: %s (the request left them out: the channel's defaults)\n", label, safe.PlainLine(text))
	}
}
