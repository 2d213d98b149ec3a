package main

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"os/exec"
	"slices"
	"strconv"
	"strings"
)

// help: `rdash --help` to a pipe, exec to exit, vs a plain Go hello world.
func (b *batch) help() ([]figure, error) {
	var got, ref []float64
	runs := 3 * b.opts.n // cheap, and noisy: more runs
	for i := range runs + 1 {
		r, err := b.timeCommand(nil, b.bin["plainhello"])
		if err != nil {
			return nil, err
		}
		g, err := b.timeCommand(nil, b.bin["rdash"], "--help")
		if err != nil {
			return nil, err
		}
		if i > 0 {
			ref, got = append(ref, ms(r)), append(got, ms(g))
		}
	}
	inits, err := b.initTrace()
	if err != nil {
		return nil, err
	}
	f := figure{Key: "help", What: "rdash --help", Unit: "ms", Measured: median(got), Samples: got,
		Reference: median(ref), RefSample: ref, RefWhat: "plain Go hello world", Budget: "<= 2x reference",
		Note: fmt.Sprintf("exec to exit, output to a pipe; %d runs each; package init of one run (GODEBUG=inittrace=1): %s", runs, inits)}
	f.ratioBudget(2)
	return []figure{f}, nil
}

// initTrace runs `rdash --help` once with GODEBUG=inittrace=1 and sums
// the packages' init time, naming the costliest.
func (b *batch) initTrace() (string, error) {
	cmd := exec.Command(b.bin["rdash"], "--help")
	cmd.Env = append(baseEnv(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("rdash --help with inittrace: %v", err)
	}
	type pkgInit struct {
		name string
		ms   float64
	}
	var all []pkgInit
	var total float64
	for _, line := range strings.Split(stderr.String(), "\n") {
		// init github.com/alecthomas/chroma/v2/styles @1.2 ms, 10 ms clock, 123 bytes, 4 allocs
		f := strings.Fields(line)
		if len(f) < 7 || f[0] != "init" || f[6] != "clock," {
			continue
		}
		v, err := strconv.ParseFloat(f[4], 64)
		if err != nil {
			continue
		}
		total += v
		all = append(all, pkgInit{f[1], v})
	}
	if len(all) == 0 {
		return "", errors.New("GODEBUG=inittrace=1 printed no init lines")
	}
	slices.SortFunc(all, func(a, b pkgInit) int { return cmp.Compare(b.ms, a.ms) })
	top := make([]string, 0, 4)
	for _, p := range all[:min(4, len(all))] {
		top = append(top, fmt.Sprintf("%s %.1f ms", p.name, p.ms))
	}
	return fmt.Sprintf("%.1f ms in all, most in %s", total, strings.Join(top, ", ")), nil
}
