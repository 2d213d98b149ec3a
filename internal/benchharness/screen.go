package main

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// screen is a small terminal emulator: enough of a VT100 to follow what
// Bubble Tea's cell-diffing renderer draws (cursor moves, erases, REP,
// ECH, scroll regions, inserted and deleted lines), so the harness can
// wait for what is on screen rather than for bytes in the stream. Colours
// and other attributes are ignored: only the characters are kept.
type screen struct {
	w, h     int
	cells    [][]rune // 0 marks the right half of a wide character
	x, y     int
	top, bot int // scroll region, inclusive rows
	last     rune
	saveX    int
	saveY    int
	p        *ansi.Parser
	pendWrap bool
}

func newScreen(w, h int) *screen {
	s := &screen{w: w, h: h, p: ansi.NewParser()}
	s.reset()
	s.p.SetHandler(ansi.Handler{
		Print:     s.print,
		Execute:   s.execute,
		HandleCsi: s.csi,
		HandleEsc: s.esc,
	})
	return s
}

func (s *screen) reset() {
	s.cells = make([][]rune, s.h)
	for i := range s.cells {
		s.cells[i] = blankRow(s.w)
	}
	s.x, s.y, s.top, s.bot, s.pendWrap = 0, 0, 0, s.h-1, false
}

func blankRow(w int) []rune {
	r := make([]rune, w)
	for i := range r {
		r[i] = ' '
	}
	return r
}

// Write feeds terminal output; sequences may be split across calls.
func (s *screen) Write(b []byte) (int, error) {
	s.p.Parse(b)
	return len(b), nil
}

// String is the screen's text, rows joined by newlines, trailing spaces
// trimmed.
func (s *screen) String() string {
	var b strings.Builder
	for i := range s.cells {
		b.WriteString(s.Row(i))
		b.WriteByte('\n')
	}
	return b.String()
}

// Row is one row's text without trailing spaces.
func (s *screen) Row(i int) string {
	var b strings.Builder
	for _, r := range s.cells[i] {
		if r != 0 {
			b.WriteRune(r)
		}
	}
	return strings.TrimRight(b.String(), " ")
}

// Contains reports whether every string is somewhere on screen (each
// within one row).
func (s *screen) Contains(subs ...string) bool {
	text := s.String()
	for _, sub := range subs {
		if !strings.Contains(text, sub) {
			return false
		}
	}
	return true
}

func clamp(v, lo, hi int) int { return max(lo, min(v, hi)) }

func (s *screen) print(r rune) {
	wd := ansi.StringWidth(string(r))
	if wd == 0 {
		return
	}
	if s.pendWrap || s.x+wd > s.w {
		s.x, s.pendWrap = 0, false
		s.lineFeed()
	}
	s.cells[s.y][s.x] = r
	if wd == 2 && s.x+1 < s.w {
		s.cells[s.y][s.x+1] = 0
	}
	s.last = r
	s.x += wd
	if s.x >= s.w {
		s.x, s.pendWrap = s.w-1, true
	}
}

func (s *screen) execute(b byte) {
	switch b {
	case '\r':
		s.x, s.pendWrap = 0, false
	case '\n', '\v', '\f':
		s.pendWrap = false
		s.lineFeed()
	case '\b':
		s.x, s.pendWrap = max(s.x-1, 0), false
	case '\t':
		s.x = min((s.x/8+1)*8, s.w-1)
	}
}

// lineFeed moves down a row, scrolling the region when at its bottom.
func (s *screen) lineFeed() {
	if s.y == s.bot {
		s.scrollUp(1)
		return
	}
	s.y = min(s.y+1, s.h-1)
}

func (s *screen) scrollUp(n int) {
	for range n {
		copy(s.cells[s.top:s.bot], s.cells[s.top+1:s.bot+1])
		s.cells[s.bot] = blankRow(s.w)
	}
}

func (s *screen) scrollDown(n int) {
	for range n {
		copy(s.cells[s.top+1:s.bot+1], s.cells[s.top:s.bot])
		s.cells[s.top] = blankRow(s.w)
	}
}

func (s *screen) erase(row, from, to int) { // [from, to)
	for i := max(from, 0); i < min(to, s.w); i++ {
		s.cells[row][i] = ' '
	}
}

func (s *screen) csi(cmd ansi.Cmd, params ansi.Params) {
	if cmd.Prefix() == '?' {
		mode, _, _ := params.Param(0, 0)
		if (cmd.Final() == 'h' || cmd.Final() == 'l') && (mode == 1049 || mode == 47 || mode == 1047) {
			s.reset() // the alternate screen starts blank; the main one is not kept
		}
		return
	}
	if cmd.Prefix() != 0 || cmd.Intermediate() != 0 {
		return
	}
	p := func(i, def int) int {
		v, _, _ := params.Param(i, def)
		if v == 0 {
			return def
		}
		return v
	}
	s.pendWrap = false
	switch cmd.Final() {
	case 'A':
		s.y = clamp(s.y-p(0, 1), 0, s.h-1)
	case 'B', 'e':
		s.y = clamp(s.y+p(0, 1), 0, s.h-1)
	case 'C', 'a':
		s.x = clamp(s.x+p(0, 1), 0, s.w-1)
	case 'D':
		s.x = clamp(s.x-p(0, 1), 0, s.w-1)
	case 'E':
		s.x, s.y = 0, clamp(s.y+p(0, 1), 0, s.h-1)
	case 'F':
		s.x, s.y = 0, clamp(s.y-p(0, 1), 0, s.h-1)
	case 'G', '`':
		s.x = clamp(p(0, 1)-1, 0, s.w-1)
	case 'd':
		s.y = clamp(p(0, 1)-1, 0, s.h-1)
	case 'H', 'f':
		s.y, s.x = clamp(p(0, 1)-1, 0, s.h-1), clamp(p(1, 1)-1, 0, s.w-1)
	case 'J':
		mode, _, _ := params.Param(0, 0)
		switch mode {
		case 0:
			s.erase(s.y, s.x, s.w)
			for r := s.y + 1; r < s.h; r++ {
				s.erase(r, 0, s.w)
			}
		case 1:
			s.erase(s.y, 0, s.x+1)
			for r := 0; r < s.y; r++ {
				s.erase(r, 0, s.w)
			}
		default:
			for r := 0; r < s.h; r++ {
				s.erase(r, 0, s.w)
			}
		}
	case 'K':
		mode, _, _ := params.Param(0, 0)
		switch mode {
		case 0:
			s.erase(s.y, s.x, s.w)
		case 1:
			s.erase(s.y, 0, s.x+1)
		default:
			s.erase(s.y, 0, s.w)
		}
	case 'X':
		s.erase(s.y, s.x, s.x+p(0, 1))
	case 'b':
		for range p(0, 1) {
			s.print(s.last)
		}
	case '@':
		n := min(p(0, 1), s.w-s.x)
		row := s.cells[s.y]
		copy(row[s.x+n:], row[s.x:s.w-n])
		s.erase(s.y, s.x, s.x+n)
	case 'P':
		n := min(p(0, 1), s.w-s.x)
		row := s.cells[s.y]
		copy(row[s.x:], row[s.x+n:])
		s.erase(s.y, s.w-n, s.w)
	case 'L', 'M':
		if s.y < s.top || s.y > s.bot {
			return
		}
		top := s.top
		s.top = s.y
		if cmd.Final() == 'L' {
			s.scrollDown(p(0, 1))
		} else {
			s.scrollUp(p(0, 1))
		}
		s.top = top
		s.x = 0
	case 'S':
		s.scrollUp(p(0, 1))
	case 'T':
		s.scrollDown(p(0, 1))
	case 'r':
		t, b := p(0, 1)-1, p(1, s.h)-1
		if t < b && b < s.h {
			s.top, s.bot = t, b
		} else {
			s.top, s.bot = 0, s.h-1
		}
		s.x, s.y = 0, 0
	case 's':
		s.saveX, s.saveY = s.x, s.y
	case 'u':
		s.x, s.y = s.saveX, s.saveY
	}
}

func (s *screen) esc(cmd ansi.Cmd) {
	if cmd.Intermediate() != 0 {
		return // charset designations and the like
	}
	switch cmd.Final() {
	case 'M': // reverse index
		if s.y == s.top {
			s.scrollDown(1)
		} else {
			s.y = max(s.y-1, 0)
		}
	case 'D':
		s.lineFeed()
	case 'E':
		s.x = 0
		s.lineFeed()
	case '7':
		s.saveX, s.saveY = s.x, s.y
	case '8':
		s.x, s.y = s.saveX, s.saveY
	case 'c':
		s.reset()
	}
	s.pendWrap = false
}
