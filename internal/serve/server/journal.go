package server

import (
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync"

	"rdash/config"
	"rdash/internal/bulk"
)

// journalLog logs the bulk operations of one key, as its journal records
// them: without hooks in the dashboard, the journal (written before each
// request and again with the outcomes) is where the server learns what a
// session did. One per key, shared by its sessions, so an entry is logged
// once however many sessions are open.
type journalLog struct {
	mu   sync.Mutex
	j    bulk.Journal
	seen map[string]string // entry ID -> size and time last logged
}

// newJournalLog notes the entries already there without logging them.
func newJournalLog(stateDir string) *journalLog {
	w := &journalLog{j: bulk.Journal{Dir: bulk.JournalDir(stateDir)}, seen: map[string]string{}}
	w.scan(nil)
	return w
}

// scan logs, to log (nil: only notes), every entry new or rewritten since
// the last scan.
func (w *journalLog) scan(log *slog.Logger) {
	w.mu.Lock()
	defer w.mu.Unlock()
	files, err := os.ReadDir(w.j.Dir)
	if err != nil {
		return
	}
	for _, f := range files {
		id, ok := strings.CutSuffix(f.Name(), ".json")
		info, err := f.Info()
		if !ok || err != nil {
			continue
		}
		sig := fmt.Sprint(info.ModTime().UnixNano(), "/", info.Size())
		if w.seen[id] == sig {
			continue
		}
		w.seen[id] = sig
		if log == nil {
			continue
		}
		e, err := w.j.Read(id)
		if err != nil {
			continue
		}
		outcomes := map[string]int{}
		for _, o := range e.Outcomes {
			outcomes[string(o.Status)]++
		}
		attrs := []any{"journal", e.ID, "project", e.Project, "versions", len(e.Before), "outcomes", outcomes}
		if e.Undoes != "" {
			attrs = append(attrs, "undoes", e.Undoes)
		}
		msg := "bulk " + e.Kind // with its outcomes
		if len(e.Outcomes) == 0 {
			// Written before sending; the outcomes follow in a second line,
			// unless the process ends first.
			msg += " sending"
		}
		log.Info(msg, attrs...)
	}
}

// journalLogOf returns the key's journalLog, made on first use.
func (s *Server) journalLogOf(dir string) *journalLog {
	if w, ok := s.journals.Load(dir); ok {
		return w.(*journalLog)
	}
	w, _ := s.journals.LoadOrStore(dir, newJournalLog(dir))
	return w.(*journalLog)
}

// loggedSave saves a key's state, and logs the project opened when the
// newest recent project changes: the dashboard remembers a project when
// it opens one.
func loggedSave(dir string, log *slog.Logger, last config.State) func(config.State) error {
	var mu sync.Mutex
	return func(st config.State) error {
		mu.Lock()
		if len(st.Recent) > 0 && (len(last.Recent) == 0 || last.Recent[0] != st.Recent[0]) {
			log.Info("project opened", "project", st.Recent[0])
		}
		last = st
		mu.Unlock()
		return st.Save(dir)
	}
}
