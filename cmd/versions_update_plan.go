package cmd

import (
	"fmt"
	"io"
	"strings"

	"github.com/dustin/go-humanize"

	"rdash/internal/safe"
)

// printUpdatePlan shows the plan: each field before and after, the
// files afterwards and those removed, and what an undo cannot restore.
// dryRun says the plan is all that happens.
func printUpdatePlan(w io.Writer, p *updatePlan, dryRun bool) {
	verb := "will update"
	if dryRun {
		verb = "would update"
	}
	fmt.Fprintf(w, "%s %s %s (%s):\n", verb, safe.PlainLine(p.Project), safe.PlainLine(p.Version), safe.PlainReveal(p.ID))
	for _, c := range p.Changes {
		fmt.Fprintf(w, "  %-14s %s\n  %-14s %s\n", c.Field+":", "- "+shortValue(c.Before), "", "+ "+shortValue(c.After))
	}
	if p.s.Request.Files != nil {
		fmt.Fprintln(w, "  files:")
		for i, it := range p.Files {
			fmt.Fprintf(w, "    %s\n", safe.PlainLine(fileItemText(it, i == 0)))
		}
		for _, name := range p.Removed {
			fmt.Fprintf(w, "    remove %s\n", safe.PlainLine(name))
		}
	}
	if len(p.Changes) == 0 && p.s.Request.Files == nil {
		fmt.Fprintln(w, "  no change")
	}
	n, uploads := uploadTotal(p.Files)
	tail := ""
	if dryRun {
		tail = "; nothing sent (--dry-run)"
	}
	fmt.Fprintf(w, "%s (%s); %s%s\n", count(uploads, "upload"), humanize.IBytes(uint64(n)), undoNote(p), tail)
}

// shortValue is one line of a field's value: a changelog's first line
// and its length.
func shortValue(s string) string {
	if s == "" {
		return "(empty)"
	}
	first, rest, multi := strings.Cut(s, "\n")
	if multi && strings.TrimSpace(rest) != "" {
		return fmt.Sprintf("%s … (%s)", safe.PlainLine(first), count(len([]rune(s)), "character"))
	}
	return safe.PlainLine(first)
}

// undoNote says whether rdash versions undo can revert the change, and
// when it cannot, which part of it an undo cannot restore.
func undoNote(p *updatePlan) string {
	if p.s.Undoable() {
		return "undoable with rdash versions undo"
	}
	return p.s.NotUndoable()
}
