package main

import (
	"fmt"
	"time"
)

// firstFrame: exec to the dashboard's first full screen, signed in, vs a
// Bubble Tea hello world; runs alternate so both see the same noise.
func (b *batch) firstFrame() ([]figure, error) {
	sb, err := b.startSandbox(1500, 0)
	if err != nil {
		return nil, err
	}
	defer sb.close()
	var got, ref, hwm, header []float64
	for i := range b.opts.n + 1 { // the first pair warms the page cache and is dropped
		d, u, err := b.timeToScreen("teahello", nil, []string{b.bin["teahello"]}, "Hello, world")
		if err != nil {
			return nil, err
		}
		if i > 0 {
			ref = append(ref, ms(d))
			hwm = append(hwm, float64(u.maxRSS)/1024)
		}
		d, h, err := b.rdashFirstFrame(sb.env)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			got, header = append(got, ms(d)), append(header, ms(h))
		}
	}
	helloRSS = median(hwm)
	f := figure{Key: "first-frame", What: "first frame, signed in, sandbox on loopback", Unit: "ms",
		Measured: median(got), Samples: got, Reference: median(ref), RefSample: ref,
		RefWhat: "Bubble Tea v2 hello world", Budget: "<= 1.5x reference",
		Note: fmt.Sprintf("exec to the project picker drawn with the projects and @alice (RDASH_TOKEN minted by the in-process sandbox; its first byte of output, the terminal set-up, came at %s ms); reference: exec to \"Hello, world\" on screen", num(median(header)))}
	f.ratioBudget(1.5)
	return []figure{f}, nil
}

// rdashFirstFrame starts the dashboard signed in and returns the time to
// the picker with the projects and the user, and to its first byte of
// output (terminal set-up: the end of start-up).
func (b *batch) rdashFirstFrame(env []string) (full, title time.Duration, err error) {
	t, err := b.term("rdash", env, b.bin["rdash"])
	if err != nil {
		return 0, 0, err
	}
	at, err := t.waitText(waitFrame, "YOUR PROJECTS", "emberforge-core", "@alice")
	first := t.firstByte()
	if _, qerr := b.done(t, "q"); err == nil {
		err = qerr
	}
	return at.Sub(t.started), first.Sub(t.started), err
}

func (b *batch) timeToScreen(name string, env, argv []string, want ...string) (time.Duration, usage, error) {
	t, err := b.term(name, env, argv...)
	if err != nil {
		return 0, usage{}, err
	}
	at, werr := t.waitText(waitFrame, want...)
	u, qerr := b.done(t, "q")
	if werr != nil {
		return 0, u, werr
	}
	return at.Sub(t.started), u, qerr
}
