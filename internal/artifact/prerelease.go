package artifact

import (
	"slices"
	"strings"
)

// Stability levels, least stable first. A version's pre-release word and
// a channel's slug or name both map to one; release is not a pre-release.
const (
	levelNone = iota // not known: a channel called "lts" or "legacy"
	levelSnapshot
	levelAlpha
	levelBeta
	levelPre
	levelRC
	levelRelease
)

// levelWords maps the words versions and channels use to a level. A
// version's words are the brief's (alpha, beta, rc, pre, snapshot, dev)
// and the kin a build writes for the same thing (nightly, preview).
var levelWords = map[string]int{
	"snapshot": levelSnapshot, "dev": levelSnapshot, "nightly": levelSnapshot, "canary": levelSnapshot,
	"alpha": levelAlpha, "preview": levelAlpha,
	"beta": levelBeta,
	"pre":  levelPre, "prerelease": levelPre,
	"rc": levelRC,
}

// levelNames name a level in what rdash says.
var levelNames = map[int]string{
	levelSnapshot: "snapshot", levelAlpha: "alpha", levelBeta: "beta", levelPre: "pre-release",
	levelRC: "release candidate", levelRelease: "release",
}

// channelReleaseWords name a channel of releases.
var channelReleaseWords = []string{"release", "releases", "stable", "latest", "main", "final"}

// preReleaseWord finds the pre-release word of a version: in the part
// before build metadata ("2.7.0-rc.1", "2.7.0.beta2", "2.7.0-SNAPSHOT",
// "0.7.0-snapshot+mc1.21.4-build.412"), or first in the build metadata
// ("2.7.0+beta.1"). Build metadata that starts with anything else
// ("+mc1.21.1", "+fabric", "+1.21-pre1", the game's own pre-release) is
// not the version's. The word is lowercased; "" for a release.
func preReleaseWord(version string) string {
	core, meta, _ := strings.Cut(strings.ToLower(version), "+")
	for _, t := range versionTokens(core) {
		if w := strings.TrimRight(t, "0123456789"); levelWords[w] != levelNone {
			return w
		}
	}
	if mt := versionTokens(meta); len(mt) > 0 {
		if w := strings.TrimRight(mt[0], "0123456789"); levelWords[w] != levelNone {
			return w
		}
	}
	return ""
}

// versionTokens splits a version at its separators: - . + _, spaces
// and parentheses ("2.2.5-SNAPSHOT (b118-8780fa4)" is a real version).
// A word must be a whole token, with digits after it at most ("beta2"),
// so "betamax" and "developer" name no stability.
func versionTokens(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return strings.ContainsRune("-.+_ ()", r)
	})
}

// channelLevel is what a channel's slug, else its name, says of its
// stability: the interface gives a channel no such field (its other
// fields are "not shown"), so the words are all rdash can go by.
func channelLevel(slug, name string) int {
	for _, s := range []string{slug, name} {
		for _, t := range versionTokens(strings.ToLower(s)) {
			t = strings.TrimRight(t, "0123456789")
			if slices.Contains(channelReleaseWords, t) {
				return levelRelease
			}
			if l := levelWords[t]; l != levelNone {
				return l
			}
		}
	}
	return levelNone
}
