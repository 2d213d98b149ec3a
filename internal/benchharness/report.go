package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
)

// figure is one row of the budget table.
type figure struct {
	Key       string    `json:"key"`
	What      string    `json:"what"`
	Unit      string    `json:"unit"`
	Measured  float64   `json:"measured"`
	Samples   []float64 `json:"samples,omitempty"`
	Reference float64   `json:"reference,omitempty"`
	RefSample []float64 `json:"reference_samples,omitempty"`
	RefWhat   string    `json:"reference_what"`
	Ratio     float64   `json:"ratio,omitempty"` // Measured / Reference, when the budget is a ratio
	Budget    string    `json:"budget"`
	Met       *bool     `json:"met,omitempty"` // nil: not measured
	Note      string    `json:"note,omitempty"`
}

type report struct {
	Machine  map[string]string `json:"machine"`
	Runs     int               `json:"runs"`
	PageRuns int               `json:"page_runs"`
	Versions int               `json:"versions"`
	Seconds  float64           `json:"seconds"`
	Figures  []figure          `json:"figures"`
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func boolp(b bool) *bool { return &b }

// ratioBudget fills Ratio and Met for a budget of at most limit times the
// reference.
func (f *figure) ratioBudget(limit float64) {
	if f.Reference > 0 {
		f.Ratio = f.Measured / f.Reference
		f.Met = boolp(f.Ratio <= limit)
	}
}

func (f *figure) absBudget(limit float64) {
	if f.Reference > 0 {
		f.Ratio = f.Measured / f.Reference
	}
	f.Met = boolp(f.Measured <= limit)
}

func (r report) print(w io.Writer) {
	m := r.Machine
	fmt.Fprintf(w, "rdash performance budget (issue 12), %s\n", m["date"])
	fmt.Fprintf(w, "source: %s\n", m["source"])
	fmt.Fprintf(w, "machine: %s CPUs, %s memory, %s, %s; medians of %d runs (paging: %d run(s) of %d versions); %.0f s\n\n",
		m["cpus"], m["memory"], m["go"], m["kernel"], r.Runs, r.PageRuns, r.Versions, r.Seconds)
	rows := [][]string{{"figure", "measured", "reference", "ratio", "budget", "met?"}}
	for _, f := range r.Figures {
		meas, ref, ratio, met := "-", "-", "-", "pending"
		if f.Met != nil || f.Measured > 0 {
			meas = num(f.Measured) + " " + f.Unit
		}
		if f.Reference > 0 {
			ref = num(f.Reference) + " " + f.Unit + " (" + f.RefWhat + ")"
		} else if f.RefWhat != "" {
			ref = f.RefWhat
		}
		if f.Ratio > 0 {
			ratio = fmt.Sprintf("%.2fx", f.Ratio)
		}
		if f.Met != nil {
			met = map[bool]string{true: "yes", false: "NO"}[*f.Met]
		}
		rows = append(rows, []string{f.What, meas, ref, ratio, f.Budget, met})
	}
	widths := make([]int, len(rows[0]))
	for _, row := range rows {
		for i, c := range row {
			widths[i] = max(widths[i], len([]rune(c)))
		}
	}
	for i, row := range rows {
		var b strings.Builder
		for j, c := range row {
			b.WriteString(c + strings.Repeat(" ", widths[j]-len([]rune(c))))
			if j < len(row)-1 {
				b.WriteString(" | ")
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
		if i == 0 {
			var sep []string
			for _, wd := range widths {
				sep = append(sep, strings.Repeat("-", wd))
			}
			fmt.Fprintln(w, strings.Join(sep, "-|-"))
		}
	}
	fmt.Fprintln(w)
	for _, f := range r.Figures {
		if f.Note != "" {
			fmt.Fprintf(w, "- %s: %s\n", f.What, f.Note)
		}
	}
}

// num prints a figure with as many decimals as it deserves.
func num(v float64) string {
	switch {
	case v >= 100:
		return fmt.Sprintf("%.0f", v)
	case v >= 10:
		return fmt.Sprintf("%.1f", v)
	default:
		return fmt.Sprintf("%.2f", v)
	}
}

// write prints the table, or with asJSON the report as indented JSON.
func (r report) write(out io.Writer, asJSON bool) error {
	if !asJSON {
		r.print(out)
		return nil
	}
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}
