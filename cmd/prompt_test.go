package cmd

import (
	"bytes"
	"context"
	"errors"
	"regexp"
	"strings"
	"sync"
	"testing"

	"rdash/api/sandbox"
	"rdash/config"
)

// fakePrompter answers every question the same way and records it.
type fakePrompter struct {
	mu    sync.Mutex
	asked []string
	yes   bool
	// input answers Input's question; nil answers with the number the
	// question asks to type ("Type 2 to delete …").
	input func(question string) string
	// pick answers Select's question; nil picks the first option on yes
	// and none (cancelled) on no.
	pick func(question string, options []string) string
}

var typeWhat = regexp.MustCompile(`^Type (\S+) `)

func (p *fakePrompter) record(q string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.asked = append(p.asked, q)
}

func (p *fakePrompter) Confirm(_ context.Context, q string) (bool, error) {
	p.record(q)
	return p.yes, nil
}

func (p *fakePrompter) Input(_ context.Context, q string, valid func(string) error) (string, error) {
	p.record(q)
	answer := ""
	switch {
	case p.input != nil:
		answer = p.input(q)
	case p.yes && typeWhat.MatchString(q):
		answer = typeWhat.FindStringSubmatch(q)[1]
	}
	if valid != nil {
		if err := valid(answer); err != nil {
			return "", errCancelled // as ctrl+c after a refused answer
		}
	}
	return answer, nil
}

func (p *fakePrompter) Select(_ context.Context, q string, options []string) (string, error) {
	p.record(q + " [" + strings.Join(options, " ") + "]")
	switch {
	case p.pick != nil:
		return p.pick(q, options), nil
	case p.yes && len(options) > 0:
		return options[0], nil
	}
	return "", errCancelled
}

func (p *fakePrompter) questions() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.asked...)
}

// runAt runs one command as at a terminal, answering with p.
func (c *cli) runAt(p Prompter, args ...string) result {
	c.t.Helper()
	var out, errOut bytes.Buffer
	f := &Factory{
		IO:       IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut, InTTY: true, OutTTY: true},
		Lookup:   func(k string) (string, bool) { v, ok := c.env[k]; return v, ok },
		Prompter: p,
	}
	code := Main(c.t.Context(), args, f)
	return result{out.String(), errOut.String(), code}
}

// TestEveryChangeAsksAtATerminal: at a terminal, every command that
// changes the server asks its question through the Factory's prompter
// (never standard input directly); a no sends nothing and exits 2, a yes
// sends the change.
func TestEveryChangeAsksAtATerminal(t *testing.T) {
	t.Parallel()
	alice := newCLI(t, "alice", sandbox.Options{})
	users := map[string]*cli{"alice": alice, "dave": alice.as("dave")}
	for _, c := range changes {
		u := users[c.who]
		for _, answer := range []bool{false, true} { // no first: a yes changes what the next row sees
			p := &fakePrompter{yes: answer}
			before := writes(u) + bulkWrites(u)
			r := u.runAt(p, append(strings.Fields(c.path), c.args...)...)
			sent := writes(u) + bulkWrites(u) - before
			if len(p.questions()) != 1 {
				t.Errorf("rdash %s at a terminal asked %q; want one question", c.path, p.questions())
			}
			switch {
			case !answer && (r.code != ExitCancel || sent != 0 || !strings.Contains(r.err, "cancelled")):
				t.Errorf("rdash %s answered no: exit %d, %d sent, stderr %q; want exit 2, nothing sent", c.path, r.code, sent, r.err)
			case answer && (r.code != ExitOK || sent == 0):
				t.Errorf("rdash %s answered yes: exit %d, %d sent, stderr %q; want the change sent", c.path, r.code, sent, r.err)
			}
		}
	}
}

// TestDeleteAsksForTheCount: versions delete at a terminal asks for the
// number of versions typed, and a wrong number deletes nothing.
func TestDeleteAsksForTheCount(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	wrong := &fakePrompter{input: func(string) string { return "3" }}
	r := c.runAt(wrong, "versions", "delete", "lumen", "--ids", "NMpyYgF1,e0tZCjLS")
	if q := wrong.questions(); len(q) != 1 || q[0] != "Type 2 to delete 2 versions" {
		t.Fatalf("asked %q", q)
	}
	if r.code != ExitCancel || bulkWrites(c) != 0 {
		t.Fatalf("a wrong count: exit %d, %d deletions", r.code, bulkWrites(c))
	}
	r = c.runAt(&fakePrompter{yes: true}, "versions", "delete", "lumen", "--ids", "NMpyYgF1,e0tZCjLS")
	if r.code != ExitOK || bulkWrites(c) == 0 {
		t.Fatalf("the right count: exit %d, stderr %q", r.code, r.err)
	}
}

// TestAcceptAsksWhoYouAre: on a server that does not say who is signed
// in, with no username configured, accept asks for it at a terminal,
// answers as that user and remembers the name.
func TestAcceptAsksWhoYouAre(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "dave", sandbox.Options{Strict: true})
	p := &fakePrompter{yes: true, input: func(string) string { return " dave " }}
	r := c.runAt(p, "invitations", "accept", "emberforge")
	if r.code != ExitOK {
		t.Fatalf("exit %d, stderr %q", r.code, r.err)
	}
	if q := p.questions(); len(q) != 2 || !strings.Contains(q[0], "Your username?") {
		t.Fatalf("asked %q; want the username, then the confirmation", q)
	}
	state, err := config.LoadState(c.env["RDASH_STATE_DIR"])
	if err != nil || state.Username != "dave" {
		t.Fatalf("remembered %q (%v)", state.Username, err)
	}
}

// TestHuhPrompterReadsTheFactoryStreams: the real prompter reads the
// answer from the Factory's input, not the process's.
func TestHuhPrompterReadsTheFactoryStreams(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]bool{"y": true, "n": false} {
		p := huhPrompter{io: IOStreams{In: strings.NewReader(in), Out: &bytes.Buffer{}}}
		if ok, err := p.Confirm(t.Context(), "Apply?"); err != nil || ok != want {
			t.Errorf("typed %q: %v, %v; want %v", in, ok, err, want)
		}
	}
	p := huhPrompter{io: IOStreams{In: strings.NewReader("12\r"), Out: &bytes.Buffer{}}}
	got, err := p.Input(t.Context(), "Type 12", func(s string) error {
		if s != "12" {
			return errors.New("type 12")
		}
		return nil
	})
	if err != nil || got != "12" {
		t.Fatalf("Input = %q, %v", got, err)
	}
}
