package artifact

import (
	"fmt"
	"regexp"
	"strings"
)

// kacHeadingRE is a Keep a Changelog release heading: "## [2.7.0] - 2025-01-31".
var kacHeadingRE = regexp.MustCompile(`^##\s+\[([^\]]+)\]`)

// linkDefRE is a Markdown link reference definition, which Keep a
// Changelog files keep after the last section ("[2.7.0]: https://…").
var linkDefRE = regexp.MustCompile(`^\[[^\]]+\]:\s*\S`)

// changelog takes the user's changelog text, else the changelog file:
// the section for this version when the file follows Keep a Changelog,
// else the whole file. A Keep a Changelog file without this version's
// section gives nothing (publishing every release's notes as this one's
// would be wrong), and a gap says so.
func (b *builder) changelog() {
	g := b.in.Given
	switch {
	case g.Changelog != nil:
		b.p.Changelog = Field[string]{Value: *g.Changelog, Source: sourceFlag}
	case g.ChangelogFile != nil:
		b.changelogFile(*g.ChangelogFile)
	}
}

func (b *builder) changelogFile(doc Document) {
	f, gap := ChangelogSection(doc, b.p.Version.Value)
	if gap != "" {
		b.gap("changelog", gap)
		return
	}
	b.p.Changelog = f
}

// ChangelogSection takes version's notes from a changelog file: the
// section "## [version]" (a "v" before either side ignored) when the file
// follows Keep a Changelog, else the whole file, with where they came
// from ("CHANGELOG.md: section [2.7.0]"). When the file follows Keep a
// Changelog but has no such section, or version is empty, nothing is
// taken and gap says why. The new-version form calls it for a file
// chosen alone; Propose, for --changelog-file beside --from.
func ChangelogSection(doc Document, version string) (f Field[string], gap string) {
	secs := sections(doc.Text)
	if len(secs) == 0 {
		return Field[string]{Value: strings.TrimSpace(doc.Text), Source: fmt.Sprintf("%s (the whole file: it has no \"## [version]\" sections)", doc.Name)}, ""
	}
	var names []string
	for _, s := range secs {
		if version != "" && strings.TrimPrefix(s.name, "v") == strings.TrimPrefix(version, "v") {
			return Field[string]{Value: s.text, Source: fmt.Sprintf("%s: section [%s]", doc.Name, s.name)}, ""
		}
		names = append(names, s.name)
	}
	if version == "" {
		return Field[string]{}, doc.Name + " follows Keep a Changelog, and with no version there is no section to take"
	}
	if len(names) > 5 {
		names = append(names[:5], "…")
	}
	return Field[string]{}, fmt.Sprintf("%s follows Keep a Changelog but has no section [%s] (it has %s)", doc.Name, version, strings.Join(names, ", "))
}

// section is one "## [name]" section of a changelog.
type section struct{ name, text string }

// sections splits a Keep a Changelog file at its level-two headings,
// ignoring headings inside fenced code.
func sections(text string) []section {
	var out []section
	var cur *section
	var body []string
	flush := func() {
		if cur != nil {
			cur.text = trimSection(body)
			out = append(out, *cur)
		}
		cur, body = nil, nil
	}
	fenced := false
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimRight(line, "\r")
		if f := strings.TrimLeft(t, " "); strings.HasPrefix(f, "```") || strings.HasPrefix(f, "~~~") {
			fenced = !fenced
		}
		switch {
		case fenced || !(strings.HasPrefix(t, "# ") || strings.HasPrefix(t, "## ")):
			body = append(body, t)
		case kacHeadingRE.MatchString(t):
			flush()
			cur = &section{name: kacHeadingRE.FindStringSubmatch(t)[1]}
		default:
			flush()
		}
	}
	flush()
	return out
}

// trimSection drops the blank lines around a section and the link
// definitions after the last one.
func trimSection(lines []string) string {
	for len(lines) > 0 {
		last := lines[len(lines)-1]
		if strings.TrimSpace(last) != "" && !linkDefRE.MatchString(last) {
			break
		}
		lines = lines[:len(lines)-1]
	}
	return strings.Trim(strings.Join(lines, "\n"), "\n")
}
