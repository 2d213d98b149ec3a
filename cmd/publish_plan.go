package cmd

import (
	"fmt"
	"io"
	"strings"

	"github.com/dustin/go-humanize"

	"rdash/api"
	"rdash/internal/artifact"
	"rdash/internal/safe"
)

// createJSON is what versions create prints: the version it publishes
// (with --dry-run, would publish), where each value came from, what
// --from could not read, and, once published, the version as the server
// made it. A list that is null takes the channel's defaults.
type createJSON struct {
	Project      string           `json:"project"`
	DryRun       bool             `json:"dry_run"`
	Version      string           `json:"version"`
	Name         string           `json:"name"`
	Channel      string           `json:"channel"`
	Changelog    nullString       `json:"changelog"` // null: none sent
	GameVersions []string         `json:"game_versions"`
	Platforms    []string         `json:"platforms"`
	Dependencies []dependencyJSON `json:"dependencies"`
	Files        []fileItemJSON   `json:"files"`
	// Sources says where each value came from; null for a value not set.
	Sources sourcesJSON `json:"sources"`
	// Artifacts are the files --from read; null without --from.
	Artifacts []artifactJSON `json:"artifacts"`
	Unread    []gapJSON      `json:"unread"`
	Warnings  []string       `json:"warnings"`
	Notes     []string       `json:"notes"`
	// Defaults are the fields the request leaves out, each with what the
	// server then does: fills it from the channel's defaults, or nothing.
	Defaults []artifact.Default `json:"defaults"`
	// DependencyBounds are the version bounds the metadata gives its
	// dependencies, which the request cannot carry; empty without them.
	DependencyBounds []boundJSON `json:"dependency_bounds"`
	// ChannelChoice says why the channel must be given, and the project's
	// channels; null when it need not.
	ChannelChoice *artifact.ChannelChoice `json:"channel_choice"`
	// AlreadyPublished: the project has this version string with these
	// same files; nothing was sent, and Result is that version.
	AlreadyPublished bool `json:"already_published"`
	// Result is the version published; null on a dry run.
	Result *versionJSON `json:"result"`
	// Differences say how the version the server made differs from the
	// request (verify.Created); [] when it is as asked.
	Differences []string `json:"differences"`
	// ServerFilled are the values of the fields the request left out, as
	// the server chose them (from the channel's defaults); null on a dry
	// run, and empty when nothing was left out.
	ServerFilled []filledJSON `json:"server_filled"`
}

// boundJSON is a dependency's version bound that is not sent.
type boundJSON struct {
	Dependency   string `json:"dependency"`
	Type         string `json:"type"`
	Bound        string `json:"bound"`
	BoundNotSent bool   `json:"bound_not_sent"`
	Source       string `json:"source"`
}

// sourcesJSON names where each value of the request came from: "flag",
// a metadata file and key (`plugin.yml: api-version "1.21"`), "channel
// default", a changelog file's section; null when the value is not set
// (the channel's default applies).
//
// The values are *string, not nullString, whose json.Marshal would
// write a range's ">=" as "\u003e=".
type sourcesJSON struct {
	Version      *string `json:"version"`
	Name         *string `json:"name"`
	Channel      *string `json:"channel"`
	Changelog    *string `json:"changelog"`
	GameVersions *string `json:"game_versions"`
	Platforms    *string `json:"platforms"`
	Dependencies *string `json:"dependencies"`
	// EachDependency is where each of the dependencies came from, in
	// their order (a metadata file's entry, then rdash.yml when it maps
	// the name); null when they are not set.
	EachDependency []string `json:"each_dependency"`
}

// artifactJSON is one file --from read: its role ("primary", "further",
// or a build's "sources", "javadoc" or "dev" jar, uploaded unread) and
// the metadata files found in it.
type artifactJSON struct {
	Path     string   `json:"path"`
	Role     string   `json:"role"`
	Metadata []string `json:"metadata"`
}

// gapJSON is a value --from could not read, and why.
type gapJSON struct {
	Field  string `json:"field"`
	Reason string `json:"reason"`
}

func (fl *createOptions) plan(project string) createJSON {
	r := fl.req
	out := createJSON{Project: project, DryRun: fl.dryRun, Version: r.Version, Name: r.Name, Channel: r.Channel,
		Changelog: nullString(r.Changelog), GameVersions: r.MinecraftVersions, Platforms: r.Platforms, Files: fileItemsOut(fl.items),
		Sources: fl.sources(), Unread: []gapJSON{}, Warnings: []string{}, Notes: []string{}, Differences: []string{},
		Defaults: artifact.RequestDefaults(&r), DependencyBounds: []boundJSON{}}
	if r.Dependencies != nil {
		out.Dependencies = dependenciesOut(r.Dependencies)
	}
	if p := fl.prop; p != nil {
		out.Artifacts = make([]artifactJSON, len(p.Files))
		for i, f := range p.Files {
			out.Artifacts[i] = artifactJSON{Path: f.Path, Role: f.Role, Metadata: nonNilSlice(f.Metadata)}
		}
		for _, g := range p.Unread {
			out.Unread = append(out.Unread, gapJSON(g))
		}
		out.Warnings, out.Notes = nonNilSlice(p.Warnings), nonNilSlice(p.Notes)
		out.DependencyBounds, out.ChannelChoice = boundsOut(p), p.ChannelChoice
	}
	return out
}

// boundsOut lists the version bounds of the dependencies p sends.
func boundsOut(p *artifact.Proposal) []boundJSON {
	out := []boundJSON{}
	if p.Dependencies.Source == "flag" {
		return out
	}
	for _, d := range p.Dependencies.Value {
		if d.Bound != "" {
			_, id := d.Dependency.Target()
			out = append(out, boundJSON{Dependency: id, Type: d.Type, Bound: d.Bound, BoundNotSent: d.BoundNotSent, Source: d.Source})
		}
	}
	return out
}

// sources is where each value came from: the proposal's, or without
// --from the flags' (and the changelog file's section).
func (fl *createOptions) sources() sourcesJSON {
	if p := fl.prop; p != nil {
		return sourcesJSON{Version: orNull(p.Version.Source), Name: orNull(p.Name.Source),
			Channel: orNull(p.Channel.Source), Changelog: orNull(p.Changelog.Source),
			GameVersions: orNull(p.GameVersions.Source), Platforms: orNull(p.Platforms.Source),
			Dependencies: orNull(p.Dependencies.Source), EachDependency: eachSource(p.Dependencies)}
	}
	r := fl.req
	flag := func(set bool) *string {
		if set {
			return api.Ptr("flag")
		}
		return nil
	}
	s := sourcesJSON{Version: flag(r.Version != ""), Name: flag(r.Name != ""), Channel: flag(r.Channel != ""),
		Changelog: flag(fl.changelogSet), GameVersions: flag(r.MinecraftVersions != nil),
		Platforms: flag(r.Platforms != nil), Dependencies: flag(r.Dependencies != nil)}
	if r.Dependencies != nil {
		s.EachDependency = make([]string, len(r.Dependencies))
		for i := range s.EachDependency {
			s.EachDependency[i] = "flag"
		}
	}
	if fl.changelogSource != "" {
		s.Changelog = &fl.changelogSource
	}
	return s
}

// orNull is s, or nil (null) when it is empty.
func orNull(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// eachSource is where each dependency came from; nil when none is set.
func eachSource(f artifact.Field[[]artifact.Dependency]) []string {
	if !f.Set() {
		return nil
	}
	out := make([]string, len(f.Value))
	for i, d := range f.Value {
		out[i] = d.Source
	}
	return out
}

// printCreatePlan shows the version a create publishes, where each value
// came from, and its files; dryRun says that is all that happens.
func printCreatePlan(w io.Writer, project string, fl *createOptions, dryRun bool) {
	r, src := fl.req, fl.sources()
	line := func(k, v string) { fmt.Fprintf(w, "%-14s %s\n", k+":", safe.PlainLine(v)) }
	// Without --from every value but a changelog file's is a flag: no
	// need to say so on each line.
	value := func(k, v string, from *string) {
		if from != nil && (fl.prop != nil || *from != "flag") {
			v += "  (" + *from + ")"
		}
		line(k, v)
	}
	verb := "will publish"
	if dryRun {
		verb = "would publish"
	}
	fmt.Fprintf(w, "%s in %s:\n", verb, safe.PlainLine(project))
	value("version", r.Version, src.Version)
	value("name", r.Name, src.Name)
	value("channel", r.Channel, src.Channel)
	value("game versions", leftOut(r.MinecraftVersions), src.GameVersions)
	value("platforms", leftOut(r.Platforms), src.Platforms)
	deps := artifact.ConsequenceChannel
	if r.Dependencies != nil {
		deps = depsText(r.Dependencies)
	}
	value("dependencies", deps, src.Dependencies)
	if fl.prop != nil {
		for i, d := range r.Dependencies {
			value("  dependency", depText(d)+boundText(fl.prop, i), &src.EachDependency[i])
		}
	}
	changelog := artifact.ConsequenceChangelog
	if r.Changelog != "" {
		changelog = count(len([]rune(r.Changelog)), "character")
	}
	value("changelog", changelog, src.Changelog)
	for i, it := range fl.items {
		line("file", fileItemText(it, i == 0))
	}
	printProposalNotes(line, fl.prop)
	n, uploads := uploadTotal(fl.items)
	tail := ""
	if dryRun {
		tail = "; nothing sent (--dry-run)"
	}
	fmt.Fprintf(w, "%s, %d uploaded (%s)%s\n", count(len(fl.items), "file"), uploads, humanize.IBytes(uint64(n)), tail)
}

// printProposalNotes lists what --from read in each file, what it could
// not read, its warnings and its notes.
func printProposalNotes(line func(k, v string), p *artifact.Proposal) {
	if p == nil {
		return
	}
	for _, f := range p.Files {
		if len(f.Metadata) > 0 {
			line("read", f.Path+": "+strings.Join(f.Metadata, ", "))
		}
	}
	for _, g := range p.Unread {
		line("not read", g.Field+": "+g.Reason)
	}
	for _, w := range p.Warnings {
		line("warning", w)
	}
	for _, n := range p.Notes {
		line("note", n)
	}
}

// warnProposal writes --from's warnings and what it could not read to
// standard error, for a run whose preview is not shown (--json with
// --yes or --dry-run): a CI log shows them, and standard output holds
// the JSON alone.
func (f *Factory) warnProposal(p *artifact.Proposal) {
	if p == nil {
		return
	}
	for _, g := range p.Unread {
		fmt.Fprintf(f.IO.ErrOut, "rdash: not read: %s: %s\n", g.Field, safe.PlainLine(g.Reason))
	}
	for _, w := range p.Warnings {
		fmt.Fprintf(f.IO.ErrOut, "rdash: warning: %s\n", safe.PlainLine(w))
	}
}

// publishedOut is the JSON of a create that found its version already
// published: nothing sent, and the version as it is.
func (fl *createOptions) publishedOut(project string, v *api.Version) createJSON {
	out := fl.plan(project)
	out.AlreadyPublished = true
	out.Result = api.Ptr(versionOut(*v))
	return out
}

// leftOut writes a list of the request, or what the server does when the
// request leaves it out.
func leftOut(list []string) string {
	if list == nil {
		return artifact.ConsequenceChannel
	}
	return "[" + strings.Join(list, ", ") + "]"
}

// boundText is the version bound of the i-th dependency --from read, which
// is not sent: " (bound <1.8.1 not sent)"; "" when it has none or the
// dependencies are the flags'.
func boundText(p *artifact.Proposal, i int) string {
	if p.Dependencies.Source == "flag" || i >= len(p.Dependencies.Value) || p.Dependencies.Value[i].Bound == "" {
		return ""
	}
	return " (bound " + p.Dependencies.Value[i].Bound + " not sent: the service takes none)"
}
