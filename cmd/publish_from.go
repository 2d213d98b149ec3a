package cmd

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"rdash/api"
	"rdash/internal/artifact"
	"rdash/internal/bulk"
)

// projectSample is how many of the project's versions --from reads for
// the project's channels and game versions: one page, in the server's
// order. The interface lists no channels, so those that page is in are the ones
// rdash can know without reading every version.
const projectSample = 100

// fillFrom fills what the flags left out from the files --from gives
// (artifact.Propose), the project's channels and game versions, and
// rdash.yml; flags always win. The files are uploaded, the primary first.
// It returns the versions read, which the channel check looks at first.
func (f *Factory) fillFrom(ctx context.Context, client *api.Client, fl *createOptions) ([]api.Version, error) {
	paths, err := fl.from.paths(fl.args)
	if err != nil {
		return nil, &usageError{err: err}
	}
	if paths, err = expandFrom(paths); err != nil {
		return nil, &ExitError{Code: ExitCancel, Err: err}
	}
	items := make(map[string]fileItem, len(paths))
	for _, p := range paths {
		it, err := localUploadAs("--from", p)
		if err != nil {
			return nil, &ExitError{Code: ExitCancel, Err: err}
		}
		items[p] = it
	}
	seen, project, note, err := readProject(ctx, client, fl.args[0])
	if err != nil {
		return nil, err
	}
	cfg, err := artifact.LoadConfig(".")
	if err != nil {
		return nil, fmt.Errorf("%w; nothing was sent", err)
	}
	in := artifact.Input{Paths: paths, Given: fl.given(), Project: project, Config: cfg}
	if slices.ContainsFunc(paths, func(p string) bool { return p == fl.primary || filepath.Base(p) == fl.primary }) {
		in.Given.Primary, fl.primary = fl.primary, ""
	}
	p, err := artifact.Propose(in)
	if err != nil {
		return nil, fmt.Errorf("%w\nnothing was sent", nameFile(err, paths))
	}
	p.Notes = append([]string{note}, p.Notes...)
	p.Apply(&fl.req)
	if err := f.chooseChannel(ctx, fl, p); err != nil {
		return nil, err
	}
	fl.prop = p
	fl.items = append(fromItems(p.Files, items), fl.items...)
	return seen, nil
}

// nameFile names the file in an error of artifact's that spans the
// metadata files of one: a conflict, when only one file was read. With
// several, the sources in the message name the further files.
func nameFile(err error, paths []string) error {
	var e *artifact.Error
	if len(paths) == 1 && errors.As(err, &e) && e.Path == "" {
		e.Path = paths[0]
	}
	return err
}

// given is what the user gave, as artifact.Propose takes it: the flags
// set, each of which wins over what the files say.
func (fl *createOptions) given() artifact.Given {
	r := fl.req
	g := artifact.Given{Version: r.Version, Name: r.Name, Channel: r.Channel, ChangelogFile: fl.changelogDoc,
		GameVersions: r.MinecraftVersions, Platforms: r.Platforms, Dependencies: r.Dependencies}
	if fl.changelogSet {
		g.Changelog = &fl.changelog
	}
	return g
}

// fromItems are the files read, as the request's uploads: the primary
// first, the others in the order given.
func fromItems(files []artifact.File, items map[string]fileItem) []fileItem {
	out := make([]fileItem, 0, len(files))
	for _, f := range files {
		if f.Primary {
			out = append([]fileItem{items[f.Path]}, out...)
		} else {
			out = append(out, items[f.Path])
		}
	}
	return out
}

// readProject reads what --from needs of the project: its channels and
// the game versions its versions use, from one page of its versions, and
// a note that says what was read.
func readProject(ctx context.Context, client *api.Client, project string) ([]api.Version, artifact.Project, string, error) {
	vs, resp, err := client.ListVersions(ctx, project, &api.ListVersionsOptions{Page: 1, PageSize: projectSample})
	if err != nil {
		return nil, artifact.Project{}, "", err
	}
	p := artifact.Project{Channels: bulk.Channels(vs)}
	for _, v := range vs {
		for _, g := range v.MinecraftVersions {
			if !slices.Contains(p.GameVersions, g) {
				p.GameVersions = append(p.GameVersions, g)
			}
		}
	}
	return vs, p, projectNote(project, vs, resp, p), nil
}

// projectNote says what readProject read: how many versions, whether they
// are all of them (the order is the server's, which the interface does
// not state, so they are not called the newest), and the channels seen.
func projectNote(project string, vs []api.Version, resp *api.Response, p artifact.Project) string {
	var chans []string
	for _, c := range p.Channels {
		s := c.Slug
		if c.IsDefault {
			s += " (default)"
		}
		chans = append(chans, s)
	}
	which := fmt.Sprintf("%s's %s (all of them)", project, count(len(vs), "version"))
	if resp.NextPage != 0 {
		rest := "the server gave no total, so more may follow unread"
		if total, ok := resp.Total(); ok {
			rest = fmt.Sprintf("of %d; the others not read", total)
		}
		which = fmt.Sprintf("one page of %s's versions (%d, in the server's order; %s)", project, len(vs), rest)
	}
	seen := "none"
	if len(chans) > 0 {
		seen = strings.Join(chans, ", ")
	}
	return fmt.Sprintf("the project's channels and game versions were read from %s; channels seen: %s", which, seen)
}

// takeChangelog sets the changelog from --changelog-file when --from did
// not: the section of this version when the file follows Keep a
// Changelog, else the whole file. A file that follows it but has no
// section for this version is an error rather than a version published
// with no notes, or with every release's.
func (fl *createOptions) takeChangelog() error {
	if fl.changelogDoc == nil || fl.req.Version == "" {
		return nil // without a version, the request is refused for it
	}
	if fl.prop == nil {
		field, gap := artifact.ChangelogSection(*fl.changelogDoc, fl.req.Version)
		if gap != "" {
			return fmt.Errorf("--changelog-file: %s; add the section, or give --changelog", gap)
		}
		fl.req.Changelog, fl.changelogSource = field.Value, field.Source
		return nil
	}
	if fl.prop.Changelog.Set() {
		return nil
	}
	for _, g := range fl.prop.Unread {
		if g.Field == "changelog" {
			return fmt.Errorf("--changelog-file: %s; add the section, or give --changelog", g.Reason)
		}
	}
	return errors.New("--changelog-file: no changelog was taken from it")
}
