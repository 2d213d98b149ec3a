package main

import (
	"fmt"
	"regexp"
	"strings"
)

// glowBytesPerLine is glow's cost of scrolling a rendered document one
// line at 120x40, as measured for issue 12. glow is not installed here, so
// it is a recorded constant, not measured in the batch.
const glowBytesPerLine = 195

// changelogScroll: bytes per line scrolled in the two-pane detail at
// 120x40, vs glow's recorded figure.
func (b *batch) changelogScroll() ([]figure, error) {
	sb, err := b.startSandbox(1500, 0)
	if err != nil {
		return nil, err
	}
	defer sb.close()
	var got []float64
	for range b.opts.n {
		t, err := b.term("rdash detail", sb.env, b.bin["rdash"], "-p", "lumen")
		if err != nil {
			return nil, err
		}
		per, err := b.scrollChangelog(t)
		if _, qerr := b.done(t, "q"); err == nil {
			err = qerr
		}
		if err != nil {
			return nil, err
		}
		got = append(got, median(per))
	}
	f := figure{Key: "changelog-bytes", What: "bytes per scrolled changelog line, two-pane 120x40", Unit: "B",
		Measured: median(got), Samples: got, Reference: glowBytesPerLine, RefWhat: "glow, recorded in issue 12",
		Budget: "<= 250 B",
		Note:   fmt.Sprintf("j in the version detail at 120x40 (the two-pane width, 100 columns or more), %d presses per run, each after the output settled; glow is not installed here: its 195 B is a constant from issue 12", b.opts.keys)}
	f.absBudget(250)
	return []figure{f}, nil
}

// scrollChangelog opens the long changelog and returns the bytes written
// for each of opts.keys presses of j, checking that each scrolled it by
// one line.
func (b *batch) scrollChangelog(t *term) ([]float64, error) {
	if _, err := t.waitText(waitFrame, "2.5.0", "VERSION"); err != nil {
		return nil, err
	}
	if err := t.send("Enter"); err != nil {
		return nil, err
	}
	if _, err := t.waitText(waitFrame, "Line 001", "Version", "2.5.0"); err != nil {
		return nil, err
	}
	if err := settle(t); err != nil {
		return nil, err
	}
	before := t.text()
	per, err := bytesPerKey(t, "j", b.opts.keys)
	if err != nil {
		return nil, err
	}
	if after := t.text(); !scrolledBy(before, after, b.opts.keys) {
		return nil, fmt.Errorf("%d presses of j did not scroll the changelog by %d lines; before:\n%s\nafter:\n%s", b.opts.keys, b.opts.keys, before, after)
	}
	return per, nil
}

// changelogLineRe finds the long changelog's numbered lines on screen.
var changelogLineRe = regexp.MustCompile(`Line (\d{3}):`)

// scrolledBy reports whether the changelog's numbered lines moved up by
// exactly k rows between two screens, whatever the layout around them:
// at least five rows show a numbered line on both, and each shows the
// line that was k rows lower before.
func scrolledBy(before, after string, k int) bool {
	num := func(screen string) []string {
		var out []string
		for _, row := range strings.Split(screen, "\n") {
			m := changelogLineRe.FindStringSubmatch(row)
			if m == nil {
				out = append(out, "")
			} else {
				out = append(out, m[1])
			}
		}
		return out
	}
	b, a := num(before), num(after)
	var same int
	for i := range a {
		if i+k >= len(b) || a[i] == "" || b[i+k] == "" {
			continue
		}
		if a[i] != b[i+k] {
			return false
		}
		same++
	}
	return same >= 5
}
