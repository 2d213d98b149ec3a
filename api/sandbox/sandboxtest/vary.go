package sandboxtest

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"rdash/api/sandbox"
)

// VarySeeds are the seeds the contract tests draw varied sandboxes from
// (sandbox.Draw), besides the two profiles: together they draw every
// value of every choice, which api/sandbox's TestVarySeedsCoverEveryValue
// checks.
var VarySeeds = []uint64{1167, 2003, 2796, 1265, 775, 1131, 350, 1203}

// VarySeedsEnv names the environment variable that adds seeds to
// VarySeeds, to replay one a report named or to try more: "7", "7,12",
// "1-200". go test -run 'Contract.*/vary-7/' then runs seed 7 alone.
const VarySeedsEnv = "RDASH_VARY_SEEDS"

// Varied returns a Profile for each seed of VarySeeds and of
// RDASH_VARY_SEEDS, named "vary-SEED", its Options.Choices drawn from the
// seed. A malformed RDASH_VARY_SEEDS fails the test.
func Varied(t testing.TB) []Profile {
	t.Helper()
	seeds, err := ParseSeeds(os.Getenv(VarySeedsEnv))
	if err != nil {
		t.Fatalf("%s: %v", VarySeedsEnv, err)
	}
	var out []Profile
	seen := map[uint64]bool{}
	for _, s := range append(VarySeeds[:len(VarySeeds):len(VarySeeds)], seeds...) {
		if seen[s] {
			continue
		}
		seen[s] = true
		c := sandbox.Draw(s)
		out = append(out, Profile{Name: fmt.Sprintf("vary-%d", s), Options: sandbox.Options{Choices: &c}})
	}
	return out
}

// ParseSeeds reads a list of seeds: numbers and ranges ("1-200")
// separated by commas; "" is none.
func ParseSeeds(s string) ([]uint64, error) {
	var out []uint64
	for part := range strings.SplitSeq(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		lo, hi, isRange := strings.Cut(part, "-")
		a, errA := strconv.ParseUint(lo, 10, 64)
		b, errB := a, error(nil)
		if isRange {
			b, errB = strconv.ParseUint(hi, 10, 64)
		}
		if errA != nil || errB != nil || b < a || b-a > 100000 {
			return nil, fmt.Errorf("%q is not a seed or a range of at most 100000 seeds (7, 1-200)", part)
		}
		for n := a; ; n++ {
			out = append(out, n)
			if n == b {
				break
			}
		}
	}
	return out, nil
}

// Explain logs, should t fail, the choices the sandbox of opts serves,
// so the failure can be replayed: with RDASH_VARY_SEEDS=SEED, or with
// rdash sandbox --vary SEED.
func Explain(t testing.TB, opts sandbox.Options) {
	t.Helper()
	if opts.Choices == nil {
		return
	}
	c := *opts.Choices
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("sandbox choices (replay: %s=%d, or rdash sandbox --vary %d): %s", VarySeedsEnv, c.Seed, c.Seed, c)
		}
	})
}
