// Package artifact reads what a build artifact says about itself (a
// plugin's plugin.yml, a mod's fabric.mod.json or mods.toml, a pack's
// pack.mcmeta, …) and proposes a version to publish from it: every value
// with where it came from, what could not be read, and what was assumed.
// It reads files and nothing else: no network, no terminal. The command
// line (versions create --from) and the dashboard's new-version form both
// call Propose, and Sum and Compare to make a re-run of a publish safe.
package artifact

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
)

// Propose reads the metadata of the given files and proposes a version.
// Each value the user gave wins; the others come from the primary file's
// metadata (and the further files', which must agree), the project's
// channels and rdash.yml. Only the metadata files of each archive are
// read, each within MaxMemberBytes. Every error names its file, and the
// metadata file and line when it has them; several are joined.
func Propose(in Input) (*Proposal, error) {
	rels, err := table()
	if err != nil {
		return nil, err
	}
	files, err := classify(in.Paths, in.Given.Primary)
	if err != nil {
		return nil, err
	}
	p := &Proposal{Files: files}
	metas, err := readAll(p)
	if err != nil {
		return nil, err
	}
	b := &builder{in: in, p: p, metas: metas, rels: rels, pending: map[string][]string{}}
	if err := b.build(); err != nil {
		return nil, err
	}
	// Empty lists, not null, in --json output: consumers can range over them.
	p.Unread, p.Warnings, p.Notes = nonNil(p.Unread), nonNil(compactStrings(p.Warnings)), nonNil(compactStrings(p.Notes))
	p.Defaults = p.defaults()
	return p, nil
}

// readAll reads every file that is no side jar, the primary first, so
// that its values come first. A further file that is not an archive, or
// holds no metadata, is uploaded as it is; the primary must have metadata.
func readAll(p *Proposal) ([]*meta, error) {
	var metas []*meta
	var errs []error
	for _, i := range primaryFirst(p.Files) {
		f := &p.Files[i]
		if f.Role != "primary" && f.Role != "further" {
			p.Notes = append(p.Notes, fmt.Sprintf("%s is a build's %s jar: uploaded, not read", f.Path, f.Role))
			continue
		}
		ms, err := readFile(f.Path)
		switch {
		case err != nil && !f.Primary && errors.Is(err, ErrNotArchive):
			p.Notes = append(p.Notes, f.Path+" is not an archive: uploaded as a further file, not read")
		case err != nil:
			errs = append(errs, err)
		case len(ms) == 0 && f.Primary:
			errs = append(errs, &Error{Path: f.Path, Err: fmt.Errorf("%w: it holds none of %s", ErrNoMetadata, strings.Join(metadataMembers[:], ", "))})
		case len(ms) == 0:
			p.Notes = append(p.Notes, f.Path+" holds no known metadata file: uploaded as a further file")
		}
		for _, m := range ms {
			f.Metadata = append(f.Metadata, m.member)
			if !f.Primary {
				m.under(filepath.Base(f.Path))
			}
		}
		metas = append(metas, ms...)
	}
	return metas, errors.Join(errs...)
}

func primaryFirst(files []File) []int {
	order := make([]int, 0, len(files))
	for i, f := range files {
		if f.Primary {
			order = append([]int{i}, order...)
		} else {
			order = append(order, i)
		}
	}
	return order
}

// builder fills a Proposal from the files' metadata. pending holds, per
// field, why files could not give it; they are reported only for fields
// left unset.
type builder struct {
	in      Input
	p       *Proposal
	metas   []*meta
	rels    []release
	pending map[string][]string
	errs    []error
}

func (b *builder) build() error {
	for _, m := range b.metas {
		for _, g := range m.gaps {
			b.gap(g.Field, g.Reason)
		}
		if m.games == nil && m.gamesGap != "" {
			b.gap("game_versions", m.gamesGap)
		}
		b.p.Notes = append(b.p.Notes, m.notes...)
		b.p.Warnings = append(b.p.Warnings, m.warnings...)
	}
	b.version()
	b.name()
	b.channel()
	b.platforms()
	b.games()
	b.dependencies()
	b.changelog()
	b.reportGaps()
	return errors.Join(b.errs...)
}

func (b *builder) gap(field, reason string) {
	b.pending[field] = append(b.pending[field], reason)
}

func (b *builder) warn(format string, args ...any) {
	b.p.Warnings = append(b.p.Warnings, fmt.Sprintf(format, args...))
}

// reportGaps lists why each unset field is unset; a field no file speaks
// of gets a general reason, except the changelog, which is optional.
func (b *builder) reportGaps() {
	p := b.p
	set := map[string]bool{
		"version": p.Version.Set(), "name": p.Name.Set(), "channel": p.Channel.Set(),
		"game_versions": p.GameVersions.Set(), "platforms": p.Platforms.Set(),
		"dependencies": p.Dependencies.Set(), "changelog": p.Changelog.Set(),
	}
	for _, field := range []string{"version", "name", "channel", "game_versions", "platforms", "dependencies", "changelog"} {
		if set[field] {
			continue
		}
		reasons := compactStrings(b.pending[field])
		if len(reasons) == 0 && field != "changelog" {
			reasons = []string{"no metadata file names it"}
		}
		for _, r := range reasons {
			p.Unread = append(p.Unread, Gap{Field: field, Reason: r})
		}
	}
}
