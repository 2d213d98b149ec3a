package stats

import (
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"rdash/api"
)

func ver(id, version, channel string, downloads int64, created string, games, platforms []string) api.Version {
	at, _ := time.Parse(time.RFC3339, created)
	return api.Version{ID: id, Version: version, Channel: api.Channel{ID: "ch" + channel, Slug: channel},
		Downloads: downloads, CreatedAt: at, MinecraftVersions: games, Platforms: platforms}
}

// groups renders b's groups as "label=versions/downloads", in order.
func groups(c *Counts, b By) string {
	var parts []string
	for _, g := range c.Groups(b) {
		parts = append(parts, g.Label+"="+strconv.Itoa(g.Versions)+"/"+strconv.FormatInt(g.Downloads, 10))
	}
	return strings.Join(parts, " ")
}

func TestCount(t *testing.T) {
	t.Parallel()
	vs := []api.Version{
		ver("a", "1.0.0", "release", 100, "2025-01-10T00:00:00Z", []string{"1.21.4", "1.21.10", "1.21.4"}, []string{"paper", "folia"}),
		ver("b", "1.1.0-beta.1", "beta", 10, "2025-03-31T23:59:59Z", []string{"1.21.10"}, []string{"paper"}),
		ver("c", "1.1.0", "release", 1000, "2025-03-01T00:00:00Z", nil, nil),
		ver("a", "1.0.0", "release", 100, "2025-01-10T00:00:00Z", []string{"1.21.4"}, []string{"paper"}), // listed twice
	}
	c := Count(vs)
	if c.Versions != 3 || c.Downloads != 1110 {
		t.Fatalf("totals %d versions, %d downloads; want 3, 1110 (a counted once)", c.Versions, c.Downloads)
	}
	tests := []struct {
		by   By
		want string
	}{
		// Newest game version first (1.21.10 after 1.21.4 in number), a
		// game version listed twice by a counted once, none last.
		{GameVersion, "1.21.10=2/110 1.21.4=1/100 (none)=1/1000"},
		{Channel, "release=2/1100 beta=1/10"},
		{Platform, "paper=2/110 folia=1/100 (none)=1/1000"},
		{Version, "1.1.0=1/1000 1.0.0=1/100 1.1.0-beta.1=1/10"},
		// Every month from the first to the last, February at zero.
		{Month, "2025-03=2/1010 2025-02=0/0 2025-01=1/100"},
	}
	for _, tc := range tests {
		if got := groups(c, tc.by); got != tc.want {
			t.Errorf("by %s: %s, want %s", tc.by, got, tc.want)
		}
	}
}

func TestOverlapsSumToMoreThanTheTotal(t *testing.T) {
	t.Parallel()
	c := Count([]api.Version{ver("a", "1", "release", 5, "2025-01-01T00:00:00Z", []string{"1.20", "1.21"}, []string{"paper", "fabric"})})
	for _, b := range All {
		var sum int64
		for _, g := range c.Groups(b) {
			sum += g.Downloads
		}
		if over := sum > c.Downloads; over != b.Overlaps() {
			t.Errorf("by %s: groups sum to %d of %d, Overlaps says %v", b, sum, c.Downloads, b.Overlaps())
		}
	}
}

func TestNoDateAndNoSlug(t *testing.T) {
	t.Parallel()
	v := api.Version{ID: "x", Version: "1", Channel: api.Channel{ID: "chX", Name: "Nightly"}, Downloads: 3}
	c := Count([]api.Version{v})
	if got := groups(c, Month); got != "(none)=1/3" {
		t.Errorf("a version with no date: %s", got)
	}
	if g := c.Groups(Channel)[0]; g.Key != "chX" || g.Label != "Nightly" {
		t.Errorf("a channel without a slug: key %q label %q, want its ID and its name", g.Key, g.Label)
	}
}

func TestDownloadsHoldAtTheLargest(t *testing.T) {
	t.Parallel()
	c := Count([]api.Version{
		ver("a", "1", "release", math.MaxInt64-1, "2025-01-01T00:00:00Z", nil, nil),
		ver("b", "2", "release", 10, "2025-01-01T00:00:00Z", nil, nil),
	})
	if c.Downloads != math.MaxInt64 || c.Groups(Channel)[0].Downloads != math.MaxInt64 {
		t.Fatalf("sum wrapped: %d, %d", c.Downloads, c.Groups(Channel)[0].Downloads)
	}
}

func TestFarApartMonthsAreNotFilled(t *testing.T) {
	t.Parallel()
	c := Count([]api.Version{
		ver("a", "1", "release", 1, "0001-01-01T00:00:01Z", nil, nil),
		ver("b", "2", "release", 1, "9999-12-01T00:00:00Z", nil, nil),
	})
	if n := len(c.Groups(Month)); n != 2 {
		t.Fatalf("%d months, want the two with versions", n)
	}
}

func TestTop(t *testing.T) {
	t.Parallel()
	gs := []Group{{Label: "a", Versions: 1, Downloads: 5}, {Label: "b", Versions: 1, Downloads: 3}, {Label: "c", Versions: 2, Downloads: 1}}
	top, rest := Top(gs, 1)
	if len(top) != 1 || rest.Label != "2 others" || rest.Versions != 3 || rest.Downloads != 4 {
		t.Fatalf("top %v, rest %+v", top, rest)
	}
	if top, rest := Top(gs, 3); len(top) != 3 || rest != (Group{}) {
		t.Fatalf("all fit: top %v, rest %+v", top, rest)
	}
}

func TestParse(t *testing.T) {
	t.Parallel()
	for _, b := range All {
		if got, err := Parse(string(b)); got != b || err != nil {
			t.Errorf("Parse(%q) = %q, %v", b, got, err)
		}
	}
	if _, err := Parse("year"); err == nil || !strings.Contains(err.Error(), "game-version, channel, platform, version, month") {
		t.Errorf("Parse(year): %v", err)
	}
}

// A tally added to page by page counts as Count does over the whole
// list, a version repeated across pages once; taking its counts twice
// gives the same.
func TestTallyPageByPage(t *testing.T) {
	t.Parallel()
	vs := []api.Version{
		ver("a", "1.0.0", "release", 100, "2025-01-10T00:00:00Z", []string{"1.21.4"}, []string{"paper"}),
		ver("b", "1.1.0", "beta", 10, "2025-03-31T23:59:59Z", []string{"1.21.10"}, nil),
		ver("c", "1.2.0", "release", 1000, "2025-03-01T00:00:00Z", nil, []string{"fabric"}),
	}
	tally := NewTally()
	for i := range vs[:2] {
		tally.Add(&vs[i])
	}
	first := tally.Counts()
	for i, v := range vs[1:] { // b again, as a list that shifted would send it
		if added := tally.Add(&v); added != (i == 1) {
			t.Fatalf("%s added %v", v.ID, added)
		}
	}
	whole := Count(vs)
	for _, c := range []*Counts{tally.Counts(), tally.Counts()} {
		if c.Versions != whole.Versions || c.Downloads != whole.Downloads {
			t.Fatalf("tally: %d versions, %d downloads; Count: %d, %d", c.Versions, c.Downloads, whole.Versions, whole.Downloads)
		}
		for _, b := range All {
			if got, want := groups(c, b), groups(whole, b); got != want {
				t.Errorf("by %s: tally %s, Count %s", b, got, want)
			}
		}
	}
	if first.Versions != 2 || groups(first, Version) != "1.0.0=1/100 1.1.0=1/10" {
		t.Errorf("the counts taken after the first page changed: %d, %s", first.Versions, groups(first, Version))
	}
}
