package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"

	"rdash/api/sandbox"
	"rdash/internal/stats"
)

// statsResult is rdash stats --json, as a script reads it.
type statsResult struct {
	Project       string `json:"project"`
	By            string `json:"by"`
	Versions      int    `json:"versions"`
	Downloads     int64  `json:"downloads"`
	GroupsOverlap bool   `json:"groups_overlap"`
	Complete      bool   `json:"complete"`
	Groups        []struct {
		Key       *string `json:"key"`
		Label     string  `json:"label"`
		Versions  int     `json:"versions"`
		Downloads int64   `json:"downloads"`
	} `json:"groups"`
}

func statsOf(t *testing.T, c *cli, args ...string) statsResult {
	t.Helper()
	var s statsResult
	if err := json.Unmarshal([]byte(c.ok(append([]string{"stats"}, append(args, "--json")...)...)), &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// listedAll is `versions list --all --json` summed by grouping, here and
// not by internal/stats: a group's versions and downloads by its key
// ("" for the versions listing none).
func listedAll(t *testing.T, c *cli, args ...string) (versions int, downloads int64, by map[stats.By]map[string][2]int64) {
	t.Helper()
	var list struct {
		Items []struct {
			ID           string `json:"id"`
			Channel      struct{ Slug string }
			Platforms    []string `json:"platforms"`
			GameVersions []string `json:"game_versions"`
			Downloads    int64    `json:"downloads"`
			CreatedAt    string   `json:"created_at"`
		} `json:"items"`
	}
	if err := json.Unmarshal([]byte(c.ok(append([]string{"versions", "list"}, append(args, "--all", "--json")...)...)), &list); err != nil {
		t.Fatal(err)
	}
	by = map[stats.By]map[string][2]int64{}
	add := func(b stats.By, key string, n int64) {
		if by[b] == nil {
			by[b] = map[string][2]int64{}
		}
		g := by[b][key]
		by[b][key] = [2]int64{g[0] + 1, g[1] + n}
	}
	for _, v := range list.Items {
		versions++
		downloads += v.Downloads
		for _, g := range v.GameVersions {
			add(stats.GameVersion, g, v.Downloads)
		}
		for _, p := range v.Platforms {
			add(stats.Platform, p, v.Downloads)
		}
		add(stats.Channel, v.Channel.Slug, v.Downloads)
		add(stats.Version, v.ID, v.Downloads)
		add(stats.Month, v.CreatedAt[:7], v.Downloads)
	}
	return versions, downloads, by
}

// rdash stats --json agrees with a sum over versions list --all --json:
// the totals, and every group of every grouping, on emberforge-core's
// 1,500 versions and under a filter.
func TestStatsAgreesWithVersionsListAll(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	for _, filter := range [][]string{{"emberforge-core"}, {"emberforge-core", "--channel", "beta", "--game-version", "1.20.4"}} {
		versions, downloads, want := listedAll(t, c, filter...)
		if len(filter) == 1 && versions != 1500 || versions == 0 {
			t.Fatalf("versions list --all %v lists %d versions", filter, versions)
		}
		for _, b := range stats.All {
			s := statsOf(t, c, append(filter, "--by", string(b))...)
			if s.Versions != versions || s.Downloads != downloads || !s.Complete || s.By != string(b) || s.GroupsOverlap != b.Overlaps() {
				t.Fatalf("%v by %s: %d versions, %d downloads, complete %v; the list has %d, %d", filter, b, s.Versions, s.Downloads, s.Complete, versions, downloads)
			}
			got := 0
			for _, g := range s.Groups {
				if g.Key == nil || g.Versions == 0 { // none listed, or a month between two
					continue
				}
				got++
				if w := want[b][*g.Key]; w != [2]int64{int64(g.Versions), g.Downloads} {
					t.Errorf("%v by %s, %s: %d versions, %d downloads; the list sums to %d, %d", filter, b, *g.Key, g.Versions, g.Downloads, w[0], w[1])
				}
			}
			if got != len(want[b]) {
				t.Errorf("%v by %s: %d groups, the list has %d", filter, b, got, len(want[b]))
			}
		}
	}
}

// On a project of 10,000 versions (the benchmark's), the totals and the
// channels agree with versions list --all as well.
func TestStatsOnTenThousandVersions(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("../api/sandbox/testdata/seed.json")
	if err != nil {
		t.Fatal(err)
	}
	var seed map[string]any
	if err := json.Unmarshal(raw, &seed); err != nil {
		t.Fatal(err)
	}
	for _, p := range seed["projects"].([]any) {
		if g, ok := p.(map[string]any)["generate"].(map[string]any); ok {
			g["count"] = 10_000
		}
	}
	data, err := json.Marshal(seed)
	if err != nil {
		t.Fatal(err)
	}
	c := newCLI(t, "alice", sandbox.Options{Data: data})
	versions, downloads, want := listedAll(t, c, "emberforge-core")
	s := statsOf(t, c, "emberforge-core", "--by", "channel")
	if versions != 10_000 || s.Versions != versions || s.Downloads != downloads || !s.Complete {
		t.Fatalf("%d versions, %d downloads (complete %v); the list has %d, %d", s.Versions, s.Downloads, s.Complete, versions, downloads)
	}
	for _, g := range s.Groups {
		if w := want[stats.Channel][*g.Key]; w != [2]int64{int64(g.Versions), g.Downloads} {
			t.Errorf("channel %s: %d versions, %d downloads; the list sums to %d, %d", *g.Key, g.Versions, g.Downloads, w[0], w[1])
		}
	}
}

// Piped, the groups are tab-separated with plain numbers and no heading;
// on a terminal, aligned under a heading, grouped, with the totals and
// the counting rule on standard error.
func TestStatsTableAndTSV(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	s := statsOf(t, c, "lumen")
	first := s.Groups[0]
	piped := c.ok("stats", "lumen")
	if want := fmt.Sprintf("%s\t%d\t%d\n", first.Label, first.Versions, first.Downloads); !strings.HasPrefix(piped, want) {
		t.Fatalf("piped:\n%s\nwant it to start %q", piped, want)
	}
	var out, errOut bytes.Buffer
	f := &Factory{IO: IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut, OutTTY: true},
		Lookup: func(k string) (string, bool) { v, ok := c.env[k]; return v, ok }}
	if code := Main(t.Context(), []string{"stats", "lumen", "--channel", "release"}, f); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !strings.HasPrefix(out.String(), "GAME VERSION  VERSIONS  DOWNLOADS\n") || !strings.Contains(out.String(), ",") ||
		!strings.Contains(errOut.String(), "lumen: 18 versions, 313,150 downloads (channel release)") ||
		!strings.Contains(errOut.String(), "a version listing several game versions counts in each") {
		t.Fatalf("on a terminal:\n%s\nstderr:\n%s", out.String(), errOut.String())
	}
}

func TestStatsUsageAndNothingToCount(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	r := c.run("", "stats", "lumen", "--by", "year")
	if r.code != ExitCancel || !strings.Contains(r.err, `"year" is not a grouping; one of: game-version, channel, platform, version, month`) {
		t.Fatalf("--by year: exit %d, %s", r.code, r.err)
	}
	r = c.run("", "stats", "lumen", "--search", "no such version")
	if r.code != 0 || r.out != "" || !strings.Contains(r.err, "no versions of lumen match: nothing to count") {
		t.Fatalf("nothing matching: exit %d, %q, %q", r.code, r.out, r.err)
	}
}

// A list longer than rdash reads is counted as far as it was read, and
// the exit code, standard error and JSON say so.
func TestStatsSaysWhereItStopped(t *testing.T) {
	t.Parallel()
	onePerPage := func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if q := r.URL.Query(); q.Has("page_size") {
				q.Set("page_size", "1")
				r.URL.RawQuery = q.Encode()
			}
			h.ServeHTTP(w, r)
		})
	}
	c := newCLIBehind(t, "alice", sandbox.Options{}, onePerPage)
	r := c.run("", "stats", "emberforge-core", "--json", "versions,complete")
	if r.code != ExitFailure || !strings.Contains(r.err, "stats stopped after 1,000 pages, the most rdash reads, before the list's end: "+
		"the counts cover the 1,000 versions read, not all of them") {
		t.Fatalf("exit %d, stderr %q", r.code, r.err)
	}
	if strings.Join(strings.Fields(r.out), "") != `{"versions":1000,"complete":false}` {
		t.Fatalf("--json: %s", r.out)
	}
}
