package listload

import (
	"context"
	"fmt"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
)

// pages serves n versions in pages, saying the total, and counts the
// requests in flight; it never blocks, so the test decides the order
// the replies are taken in.
type pages struct {
	n       int
	noTotal bool
	mu      sync.Mutex
	asked   []int
}

func (p *pages) ListVersions(_ context.Context, _ string, o *api.ListVersionsOptions) ([]api.Version, *api.Response, error) {
	p.mu.Lock()
	p.asked = append(p.asked, o.Page)
	p.mu.Unlock()
	var vs []api.Version
	for i := (o.Page - 1) * o.PageSize; i < min(o.Page*o.PageSize, p.n); i++ {
		vs = append(vs, api.Version{ID: fmt.Sprint("v", i)})
	}
	resp := &api.Response{}
	if !p.noTotal {
		resp.Pagination = &api.Pagination{Page: o.Page, PageSize: o.PageSize, Total: p.n}
		if o.Page*o.PageSize < p.n {
			resp.NextPage = o.Page + 1
		}
	}
	return vs, resp, nil
}

func query(page, size int) *api.ListVersionsOptions {
	return &api.ListVersionsOptions{Page: page, PageSize: size}
}

// replies runs cmd's commands and returns their messages, last first:
// the replies in the worst order.
func replies(cmd tea.Cmd) []PageLoadedMsg {
	var out []PageLoadedMsg
	if cmd == nil {
		return nil
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		for i := len(msg) - 1; i >= 0; i-- {
			out = append(out, replies(msg[i])...)
		}
	case PageLoadedMsg:
		out = append(out, msg)
	}
	return out
}

// TestPagesComeBackInOrder: replies taken last first come back as pages
// in order, no more than Concurrency are asked at once, every version
// comes once, and the load ends on the last page.
func TestPagesComeBackInOrder(t *testing.T) {
	t.Parallel()
	for _, noTotal := range []bool{false, true} {
		src := &pages{n: 1050, noTotal: noTotal}
		l := Start(t.Context(), 7, src, "p", query, 1, -1)
		var got []int
		ids := 0
		queue := replies(l.Ask())
		for ended := false; !ended; {
			if len(queue) == 0 || len(queue) > Concurrency {
				t.Fatalf("%d replies waiting; want 1 to %d", len(queue), Concurrency)
			}
			msg := queue[0]
			queue = queue[1:]
			if !l.Owns(msg) {
				t.Fatalf("a reply of seq %d is not the load's", msg.Seq)
			}
			ps, end, err := l.Take(msg)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range ps {
				got = append(got, p.Number)
				ids += len(p.Versions)
			}
			if ended = end; !end {
				queue = append(queue, replies(l.Ask())...)
			}
		}
		for i, n := range got {
			if n != i+1 {
				t.Fatalf("no total %v: pages handed back %v, want 1 to 11 in order", noTotal, got)
			}
		}
		if ids != 1050 {
			t.Fatalf("no total %v: %d versions handed back, want 1050", noTotal, ids)
		}
	}
}

func TestAnotherLoadsReplyIsNotOwned(t *testing.T) {
	t.Parallel()
	l := Start(t.Context(), 3, &pages{n: 10}, "p", query, 1, -1)
	if l.Owns(PageLoadedMsg{Seq: 2}) || !l.Owns(PageLoadedMsg{Seq: 3}) {
		t.Fatal("Owns does not tell the load's replies by their seq")
	}
	var none *Load
	if none.Owns(PageLoadedMsg{Seq: 3}) {
		t.Fatal("no load owns a reply")
	}
}
