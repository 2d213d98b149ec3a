package artifact

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Stages of a game version, in the order the game released them. Fabric
// writes a version's snapshots as alpha, its pre-releases as beta and its
// release candidates as rc; "1.21-" is the lowest version of 1.21, before
// any of its snapshots.
const (
	stageLowest = iota
	stageSnapshot
	stagePre
	stageRC
	stageRelease
)

// gameVersion is a Minecraft version that can be ordered: a release
// ("1.21.4"), a pre-release or release candidate ("1.21-pre1",
// "1.21 Pre-Release 1", "1.21-rc1"), or one of Fabric's normalised forms
// ("1.21-beta.1", "1.21-alpha.24.14.a", "1.21-"). Weekly snapshots
// ("24w14a") have no place in this order and do not parse.
type gameVersion struct {
	nums  []int
	stage int
	n     int // the pre-release or release candidate number
}

var (
	releaseRE = regexp.MustCompile(`^\d{1,6}(\.\d{1,6}){1,3}$`)
	preRE     = regexp.MustCompile(`^(\d{1,6}(?:\.\d{1,6}){1,3})(?:-(pre|rc)(\d{1,6})| (Pre-Release|Release Candidate) (\d{1,6}))$`)
	fabricRE  = regexp.MustCompile(`^(\d{1,6}(?:\.\d{1,6}){0,3})-(?:(alpha|beta|rc)(?:\.([0-9A-Za-z.]+))?)?$`)
)

// parseGameVersion reads s, reporting false when it is not an orderable
// game version.
func parseGameVersion(s string) (gameVersion, bool) {
	switch {
	case releaseRE.MatchString(s):
		return gameVersion{nums: numbers(s), stage: stageRelease}, true
	case preRE.MatchString(s):
		m := preRE.FindStringSubmatch(s)
		kind, n := m[2]+m[4], m[3]+m[5]
		stage := stagePre
		if kind == "rc" || kind == "Release Candidate" {
			stage = stageRC
		}
		num, _ := strconv.Atoi(n)
		return gameVersion{nums: numbers(m[1]), stage: stage, n: num}, true
	case fabricRE.MatchString(s):
		return parseFabricPre(fabricRE.FindStringSubmatch(s))
	}
	return gameVersion{}, false
}

// parseFabricPre reads Fabric's normalised pre-release forms.
func parseFabricPre(m []string) (gameVersion, bool) {
	v := gameVersion{nums: numbers(m[1]), stage: stageLowest}
	switch m[2] {
	case "alpha":
		v.stage = stageSnapshot
	case "beta":
		v.stage = stagePre
	case "rc":
		v.stage = stageRC
	}
	if v.stage == stagePre || v.stage == stageRC {
		v.n, _ = strconv.Atoi(m[3])
	}
	return v, true
}

// numbers splits a dotted run of digits; the patterns above guarantee
// each part is a number of at most six digits.
func numbers(s string) []int {
	parts := strings.Split(s, ".")
	out := make([]int, len(parts))
	for i, p := range parts {
		out[i], _ = strconv.Atoi(p)
	}
	return out
}

// release reports whether v is a release rather than a pre-release.
func (v gameVersion) release() bool { return v.stage == stageRelease }

// compare orders v and w: missing trailing numbers count as zeros, so
// "1.21" and "1.21.0" are equal.
func (v gameVersion) compare(w gameVersion) int {
	for i := range max(len(v.nums), len(w.nums)) {
		if c := at(v.nums, i) - at(w.nums, i); c != 0 {
			return sign(c)
		}
	}
	if v.stage != w.stage {
		return sign(v.stage - w.stage)
	}
	return sign(v.n - w.n)
}

func at(nums []int, i int) int {
	if i < len(nums) {
		return nums[i]
	}
	return 0
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}

// next returns the lowest version after every version that starts with
// the first k numbers of v: next("1.21.4", 2) is "1.22-".
func (v gameVersion) next(k int) gameVersion {
	nums := slices.Clone(v.nums[:min(k, len(v.nums))])
	for len(nums) < k {
		nums = append(nums, 0)
	}
	nums[k-1]++
	return gameVersion{nums: nums, stage: stageLowest}
}
