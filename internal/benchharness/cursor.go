package main

import (
	"fmt"
)

// cursorMove: bytes per j in the versions table at 120x40 vs a bubbles
// table of the same width, within the visible rows (no scrolling).
func (b *batch) cursorMove() ([]figure, error) {
	sb, err := b.startSandbox(1500, 0)
	if err != nil {
		return nil, err
	}
	defer sb.close()
	keys := min(b.opts.keys, 20)
	var got, ref []float64
	for range b.opts.n {
		r, err := b.keyBytes("bubblestable", nil, []string{b.bin["bubblestable"]}, []string{"6.19.9", "VERSION"}, keys)
		if err != nil {
			return nil, err
		}
		// The screen asks for page 2 as soon as it has page 1: wait for
		// the page it settles on, not the first one, which shows for a
		// moment or not at all.
		g, err := b.keyBytes("rdash list", sb.env, []string{b.bin["rdash"], "-p", "emberforge-core"}, []string{"100 of 1,500", "page 2", "VERSION"}, keys)
		if err != nil {
			return nil, err
		}
		ref, got = append(ref, r), append(got, g)
	}
	f := figure{Key: "cursor-bytes", What: "bytes per cursor move, 120x40", Unit: "B", Measured: median(got), Samples: got,
		Reference: median(ref), RefSample: ref, RefWhat: "bubbles table, 120 wide", Budget: "<= 1.1x reference",
		Note: fmt.Sprintf("j in the versions list (emberforge-core) and in a bubbles v2 table of the same columns, %d presses per run within the visible rows, after one j and k (a first move may fetch a page and redraw every row)", keys)}
	f.ratioBudget(1.1)
	return []figure{f}, nil
}

func (b *batch) keyBytes(name string, env, argv, ready []string, keys int) (float64, error) {
	t, err := b.term(name, env, argv...)
	if err != nil {
		return 0, err
	}
	per, err := func() ([]float64, error) {
		if _, err := t.waitText(waitFrame, ready...); err != nil {
			return nil, err
		}
		// One move down and back first: rdash prefetches the next page
		// when the cursor first moves, redrawing every row; that is not
		// a cursor move's cost.
		if _, err := bytesPerKey(t, "j", 1); err != nil {
			return nil, err
		}
		if _, err := bytesPerKey(t, "k", 1); err != nil {
			return nil, err
		}
		return bytesPerKey(t, "j", keys)
	}()
	if _, qerr := b.done(t, "q"); err == nil {
		err = qerr
	}
	return median(per), err
}
