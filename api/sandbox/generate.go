package sandbox

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// generator is a seed project's "generate" block: versions made at start-up
// from a fixed random seed rather than stored, the same on every run.
type generator struct {
	Count int       `json:"count"`
	Seed  uint64    `json:"seed"`
	Until time.Time `json:"until"` // the newest version is just before
	Days  int       `json:"days"`  // the span the versions are spread over
	// Channels by weight; the first is the stable line, whose versions are
	// plain numbers, the others publish pre-releases ("2.3.1-beta.4").
	Channels []struct {
		Slug   string `json:"slug"`
		Weight int    `json:"weight"`
	} `json:"channels"`
	MinecraftVersions []string   `json:"minecraft_versions"` // oldest first
	PlatformSets      [][]string `json:"platform_sets"`
	ChangelogLines    []string   `json:"changelog_lines"`
}

const maxGenerated = 100_000

func (g *generator) check(p *project) ([]*channel, error) {
	switch {
	case g.Count < 1 || g.Count > maxGenerated || g.Days < 1 || g.Until.IsZero():
		return nil, fmt.Errorf("count (1-%d), days and until are required", maxGenerated)
	case len(g.Channels) == 0 || len(g.MinecraftVersions) == 0 || len(g.PlatformSets) == 0 || len(g.ChangelogLines) == 0:
		return nil, errors.New("channels, minecraft_versions, platform_sets and changelog_lines must not be empty")
	}
	chans := make([]*channel, len(g.Channels))
	for i, c := range g.Channels {
		if chans[i] = p.channel(c.Slug); chans[i] == nil || c.Weight < 1 {
			return nil, fmt.Errorf("channels[%d]: needs a channel of the project and a weight of at least 1", i)
		}
	}
	for i, ps := range g.PlatformSets {
		if err := checkPlatforms(fmt.Sprintf("platform_sets[%d]", i), ps); err != nil {
			return nil, err
		}
	}
	return chans, checkGameVersions("minecraft_versions", g.MinecraftVersions)
}

// run adds the versions to p, oldest first; the caller sorts them.
func (g *generator) run(st *state, p *project) error {
	chans, err := g.check(p)
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(g.Seed, g.Seed))
	step := time.Duration(g.Days) * 24 * time.Hour / time.Duration(g.Count)
	start := g.Until.Add(-time.Duration(g.Count) * step)
	num := numbering{major: 1, patch: -1} // stable versions count up from 1.0.0
	for i := range g.Count {
		c := g.pickChannel(rng)
		at := start.Add(time.Duration(i)*step + time.Duration(rng.Int64N(int64(step)))).Truncate(time.Second)
		v := &version{
			id: st.freshID(rng.IntN), version: num.next(c == 0, chans[c].Slug, rng),
			channel: chans[c], createdAt: at, project: p,
		}
		v.name = p.name + " " + v.version
		v.changelog = g.changelog(v.name, rng)
		v.lists = lists{g.gameVersions(i, rng), slices.Clone(g.PlatformSets[rng.IntN(len(g.PlatformSets))]), slices.Clone(chans[c].defaults.dependencies)}
		v.downloads = rng.Int64N(1+int64(40_000*(g.Count-i)/g.Count)) + rng.Int64N(200)
		v.files = g.files(st, p, v, rng)
		p.versions = append(p.versions, v)
		st.register(v)
	}
	return nil
}

func (g *generator) pickChannel(rng *rand.Rand) int {
	total := 0
	for _, c := range g.Channels {
		total += c.Weight
	}
	n := rng.IntN(total)
	for i, c := range g.Channels {
		if n -= c.Weight; n < 0 {
			return i
		}
	}
	panic("unreachable: n < total")
}

// gameVersions moves through the game versions as time passes: version i
// supports one to three consecutive ones ending at its point in time.
func (g *generator) gameVersions(i int, rng *rand.Rand) []string {
	mcs := g.MinecraftVersions
	end := i * len(mcs) / g.Count
	lo := max(0, end-rng.IntN(3))
	return slices.Clone(mcs[lo : end+1])
}

func (g *generator) changelog(title string, rng *rand.Rand) string {
	var b strings.Builder
	b.WriteString("## " + title + "\n\n")
	for range 1 + rng.IntN(4) {
		b.WriteString("- " + g.ChangelogLines[rng.IntN(len(g.ChangelogLines))] + "\n")
	}
	return b.String()
}

// files gives every version its jar, and one in ten an external sources jar.
func (g *generator) files(st *state, p *project, v *version, rng *rand.Rand) []*file {
	name := p.slug + "-" + v.version
	fs := []*file{uploadedFile(st.freshID(rng.IntN), name+".jar", memContent([]byte(name+" (generated)\n"), st.strongHashes), v.createdAt)}
	if rng.IntN(10) == 0 {
		url := "https://downloads.example.com/" + p.slug + "/" + v.version + "/" + name + "-sources.jar"
		fs = append(fs, externalFile(st.freshID(rng.IntN), url, v.createdAt))
	}
	return fs
}

// numbering hands out unique version strings: stable releases count up;
// a pre-release names the next patch and counts since the last release.
type numbering struct{ major, minor, patch, pre int }

func (n *numbering) next(stable bool, slug string, rng *rand.Rand) string {
	if !stable {
		n.pre++
		return fmt.Sprintf("%d.%d.%d-%s.%d", n.major, n.minor, n.patch+1, slug, n.pre)
	}
	n.pre = 0
	switch {
	case rng.IntN(150) == 0:
		n.major, n.minor, n.patch = n.major+1, 0, 0
	case rng.IntN(10) == 0:
		n.minor, n.patch = n.minor+1, 0
	default:
		n.patch++
	}
	return fmt.Sprintf("%d.%d.%d", n.major, n.minor, n.patch)
}
