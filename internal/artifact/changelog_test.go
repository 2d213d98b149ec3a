package artifact

import (
	"testing"
)

const keepAChangelog = "# Changelog\n\nAll notable changes to this project are documented here.\n\n" +
	"## [Unreleased]\n\n### Added\n- Something coming\n\n" +
	"## [2.7.0-beta.1] - 2025-05-01\n\n### Added\n- Coloured lights\n\n```md\n## [not a heading]\n```\n\n### Fixed\n- Flicker\n\n" +
	"## [v2.6.0] - 2025-03-01\n\n- Older\n\n" +
	"[unreleased]: https://example.org/compare/v2.7.0-beta.1...HEAD\n[2.7.0-beta.1]: https://example.org/compare/v2.6.0...v2.7.0-beta.1\n"

// TestChangelog: a Keep a Changelog file gives this version's section; a
// plain file is taken whole; a Keep a Changelog file without the section
// gives nothing, and says so.
func TestChangelog(t *testing.T) {
	t.Parallel()
	text := "flag text"
	cases := []struct {
		name, version string
		given         Given
		want, source  string
		gap           string
	}{
		{name: "section", version: "2.7.0-beta.1", given: Given{ChangelogFile: &Document{Name: "CHANGELOG.md", Text: keepAChangelog}},
			want: "### Added\n- Coloured lights\n\n```md\n## [not a heading]\n```\n\n### Fixed\n- Flicker", source: "CHANGELOG.md: section [2.7.0-beta.1]"},
		{name: "last section, v prefix, link definitions dropped", version: "2.6.0", given: Given{ChangelogFile: &Document{Name: "CHANGELOG.md", Text: keepAChangelog}},
			want: "- Older", source: "CHANGELOG.md: section [v2.6.0]"},
		{name: "no section", version: "2.8.0", given: Given{ChangelogFile: &Document{Name: "CHANGELOG.md", Text: keepAChangelog}},
			gap: "CHANGELOG.md follows Keep a Changelog but has no section [2.8.0] (it has Unreleased, 2.7.0-beta.1, v2.6.0)"},
		{name: "plain file", version: "2.8.0", given: Given{ChangelogFile: &Document{Name: "NOTES.md", Text: "\nFixed the flicker.\n## Details\nMore.\n"}},
			want: "Fixed the flicker.\n## Details\nMore.", source: `NOTES.md (the whole file: it has no "## [version]" sections)`},
		{name: "flag wins", version: "2.7.0-beta.1", given: Given{Changelog: &text, ChangelogFile: &Document{Name: "CHANGELOG.md", Text: keepAChangelog}},
			want: "flag text", source: "flag"},
		{name: "none given", version: "2.7.0"},
	}
	for _, tc := range cases {
		b := &builder{in: Input{Given: tc.given}, p: &Proposal{}, pending: map[string][]string{}}
		b.p.Version = Field[string]{Value: tc.version, Source: "test"}
		b.changelog()
		if b.p.Changelog.Value != tc.want || b.p.Changelog.Source != tc.source {
			t.Errorf("%s: changelog %q from %q, want %q from %q", tc.name, b.p.Changelog.Value, b.p.Changelog.Source, tc.want, tc.source)
		}
		if tc.gap != "" && !containsText(b.pending["changelog"], tc.gap) {
			t.Errorf("%s: reasons %q lack %q", tc.name, b.pending["changelog"], tc.gap)
		}
	}
}

// TestChangelogSection: called alone, as the new-version form does, a
// Keep a Changelog file with no version yet gives nothing and says why;
// a plain file is taken whole, version or not.
func TestChangelogSection(t *testing.T) {
	t.Parallel()
	kac := Document{Name: "CHANGELOG.md", Text: keepAChangelog}
	if f, gap := ChangelogSection(kac, ""); f.Set() || gap != "CHANGELOG.md follows Keep a Changelog, and with no version there is no section to take" {
		t.Errorf("no version: %+v, gap %q", f, gap)
	}
	if f, gap := ChangelogSection(kac, "v2.7.0-beta.1"); gap != "" || f.Source != "CHANGELOG.md: section [2.7.0-beta.1]" {
		t.Errorf("v prefix: %+v, gap %q", f, gap)
	}
	if f, gap := ChangelogSection(Document{Name: "NOTES.md", Text: "Fixed.\n"}, ""); gap != "" || f.Value != "Fixed." {
		t.Errorf("plain file: %+v, gap %q", f, gap)
	}
}
