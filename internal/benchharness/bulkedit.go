package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"rdash/api"
	"rdash/api/sandbox"
)

// bulkEdit: `rdash versions edit` of 1,200 versions with --yes against a
// sandbox adding 30 ms to every request, exec to exit; the reference is
// the same edit on plain loopback. Each run gets a fresh sandbox, so every
// version really changes.
func (b *batch) bulkEdit() ([]figure, error) {
	ids, err := b.versionIDs(1200)
	if err != nil {
		return nil, err
	}
	args := []string{b.bin["rdash"], "versions", "edit", "emberforge-core", "--ids", strings.Join(ids, ","),
		"--add-platform", "datapack", "--yes"}
	var got, ref []float64
	var requests string
	for range b.opts.n {
		for _, lat := range []time.Duration{0, 30 * time.Millisecond} {
			sb, err := b.startSandbox(1500, lat)
			if err != nil {
				return nil, err
			}
			d, err := b.timeCommand(sb.env, args...)
			reads, writes := sb.srv.InFlight(sandbox.ClassRead), sb.srv.InFlight(sandbox.ClassBulk)
			requests = fmt.Sprintf("%d reads (at most %d at once) and %d bulk PATCHes (at most %d at once)",
				reads.Total, reads.Max, writes.Total, writes.Max)
			sb.close()
			if err != nil {
				return nil, err
			}
			if lat == 0 {
				ref = append(ref, ms(d))
			} else {
				got = append(got, ms(d))
			}
		}
	}
	f := figure{Key: "bulk-edit", What: "bulk edit 1,200 versions, 30 ms latency", Unit: "ms", Measured: median(got), Samples: got,
		Reference: median(ref), RefSample: ref, RefWhat: "same edit, no added latency", Budget: "<= 300 ms",
		Note: "rdash versions edit emberforge-core --ids <1,200 IDs> --add-platform datapack --yes, output to a pipe, exec to exit; the sandbox served " + requests}
	f.absBudget(300)
	return []figure{f}, nil
}

// versionIDs lists the newest n versions of emberforge-core.
func (b *batch) versionIDs(n int) ([]string, error) {
	sb, err := b.startSandbox(1500, 0)
	if err != nil {
		return nil, err
	}
	defer sb.close()
	c, err := api.New(sb.run.BaseURL)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var ids []string
	for page := 1; len(ids) < n; page++ {
		vs, _, err := c.ListVersions(ctx, "emberforge-core", &api.ListVersionsOptions{Page: page, PageSize: 100})
		if err != nil {
			return nil, err
		}
		if len(vs) == 0 {
			return nil, fmt.Errorf("emberforge-core has only %d versions", len(ids))
		}
		for _, v := range vs {
			ids = append(ids, v.ID)
		}
	}
	return ids[:n], nil
}
