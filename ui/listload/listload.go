// Package listload loads a project's whole list of versions under a
// filter, page after page: what the versions screen's sort and the stats
// screen need before they may say anything of the whole list. The
// service can neither sort nor count, so both read every page, and they
// read them one way, here.
//
// Pages are asked for at the service's largest page size, at most
// Concurrency at a time and never more than that past the last page
// applied, so no more than that many pages wait in memory; they are
// handed back in order, so the versions keep the server's order. Which
// pages are asked for depends on the count loaded and the total only,
// never on timing.
package listload

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/ui/route"
)

const (
	// PageSize is the size of the pages asked for.
	PageSize = api.LargePageSize
	// Concurrency is the most pages in flight: the api client's bound on
	// bulk requests, and bulk.Load's.
	Concurrency = 4
)

// Lister lists a page of versions; *api.Client satisfies it.
type Lister interface {
	ListVersions(ctx context.Context, projectID string, opts *api.ListVersionsOptions) ([]api.Version, *api.Response, error)
}

// Query is the request for a page of size: the filter of the list.
type Query func(page, size int) *api.ListVersionsOptions

// Load is one load of a whole list, from its Start to its last page.
type Load struct {
	seq      int
	ctx      context.Context // its requests', cancelled by Stop
	cancel   context.CancelFunc
	client   Lister
	project  string
	query    Query
	next     int // the next page to ask for
	applied  int // the last page handed back, in order
	last     int // the last page as the latest total says; 0 when unknown
	inFlight int
	ready    map[int]route.Page // pages in, waiting for the ones before
	paging   api.Paging         // what the pages handed back show of the end
	longest  int                // the longest page handed back
}

// Start begins loading project's list from page first (pages before it
// hold versions the caller has), whose total is known to be total (-1:
// not known). Its requests run under ctx and carry seq: a reply with
// another is not this load's. Ask sends the first requests.
func Start(ctx context.Context, seq int, cl Lister, project string, q Query, first, total int) *Load {
	ctx, cancel := context.WithCancel(ctx)
	l := &Load{seq: seq, ctx: ctx, cancel: cancel, client: cl, project: project, query: q,
		next: first, applied: first - 1, ready: map[int]route.Page{}}
	if total >= 0 {
		l.last = LastPage(total)
	}
	return l
}

// LastPage is the number of the last page of total versions.
func LastPage(total int) int { return max(1, (total+PageSize-1)/PageSize) }

// PageLoadedMsg carries one page of a load.
type PageLoadedMsg struct {
	Seq  int
	Page route.Page
	Err  error
}

// Ask asks for the next pages the load may have in flight. With nothing
// in flight it asks for the next page even past the last the total
// gives, so a server whose totals and pages disagree cannot leave the
// load waiting for nothing.
func (l *Load) Ask() tea.Cmd {
	var cmds []tea.Cmd
	for l.inFlight < Concurrency && l.next <= l.applied+Concurrency && (l.last == 0 || l.next <= l.last || l.inFlight == 0) {
		cmds = append(cmds, fetch(l.ctx, l.client, l.project, l.query(l.next, PageSize), l.seq))
		l.next++
		l.inFlight++
	}
	return tea.Batch(cmds...)
}

func fetch(ctx context.Context, c Lister, project string, opts *api.ListVersionsOptions, seq int) tea.Cmd {
	return func() tea.Msg {
		vs, resp, err := c.ListVersions(ctx, project, opts)
		if err != nil {
			return PageLoadedMsg{Seq: seq, Err: err}
		}
		return PageLoadedMsg{Seq: seq, Page: route.NewPage(vs, resp, opts.Page)}
	}
}

// Owns reports that msg answers this load.
func (l *Load) Owns(msg PageLoadedMsg) bool { return l != nil && msg.Seq == l.seq }

// Take takes in a page the load owns and hands back the pages now in
// order, to be applied in turn; end says the last of them ends the list
// (pages after it are dropped). A page that failed ends the load with
// its error. Unless it ended, Ask asks for more.
func (l *Load) Take(msg PageLoadedMsg) (pages []route.Page, end bool, err error) {
	l.inFlight--
	if msg.Err != nil {
		return nil, false, msg.Err
	}
	l.ready[msg.Page.Number] = msg.Page
	for {
		p, ok := l.ready[l.applied+1]
		if !ok {
			break
		}
		delete(l.ready, p.Number)
		l.applied = p.Number
		l.longest = max(l.longest, len(p.Versions))
		pages = append(pages, p)
		if NextAfter(&l.paging, p) == 0 {
			return pages, true, nil
		}
	}
	if msg.Page.Total >= 0 {
		l.last = LastPage(msg.Page.Total)
	}
	return pages, false, nil
}

// Stop cancels the load's requests.
func (l *Load) Stop() { l.cancel() }

// Seq is the id the load's requests carry.
func (l *Load) Seq() int { return l.seq }

// Applied is the last page handed back (the page before the first until
// one is).
func (l *Load) Applied() int { return l.applied }

// Longest is the most versions a page handed back held.
func (l *Load) Longest() int { return l.longest }

// Paging is what the pages handed back show of the list's end.
func (l *Load) Paging() api.Paging { return l.paging }

// NextAfter is the page to ask for after p, 0 when the list is known to
// end there: as the server says when it gave a total, else as the pages
// so far show (api.Paging: a short page may be the server's cap).
func NextAfter(g *api.Paging, p route.Page) int {
	if p.Total >= 0 {
		return p.Next
	}
	ids := make([]string, len(p.Versions))
	for i, v := range p.Versions {
		ids[i] = v.ID
	}
	return g.Next(p.Number, ids)
}
