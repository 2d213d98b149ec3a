package versions

import (
	"slices"

	"rdash/api"
	"rdash/internal/safe"
	"rdash/ui/common"
)

// channelInfo is a channel seen in the loaded versions, or typed.
type channelInfo struct {
	slug, name string
	typed      bool // typed by the user, seen in no loaded version
}

// seen collects the channels and game versions of every version loaded so
// far: the choices the channel picker and the game version completion offer.
type seen struct {
	channels []channelInfo
	game     []string
}

func newSeen() seen { return seen{} }

func (s *seen) add(v api.Version) {
	slug := safe.Line(channelLabel(v.Channel))
	if slug != "" && !slices.ContainsFunc(s.channels, func(c channelInfo) bool { return c.slug == slug }) {
		s.channels = append(s.channels, channelInfo{slug: slug, name: safe.Line(v.Channel.Name)})
	}
	for _, g := range v.MinecraftVersions {
		g = safe.Line(g)
		i, found := slices.BinarySearchFunc(s.game, g, func(a, b string) int { return -common.NaturalCompare(a, b) })
		if !found {
			s.game = slices.Insert(s.game, i, g)
		}
	}
}
