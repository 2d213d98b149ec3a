// Package buildinfo says which rdash is running: the version, commit and
// date a release build was stamped with, or what the Go toolchain recorded
// when rdash was built some other way (go install, go build in a clone).
package buildinfo

import (
	"cmp"
	"runtime"
	"runtime/debug"
	"strings"
)

// Stamped by release builds through the linker (.goreleaser.yaml):
//
//	-X rdash/internal/buildinfo.version={{.Version}}
//	-X rdash/internal/buildinfo.commit={{.FullCommit}}
//	-X rdash/internal/buildinfo.date={{.CommitDate}}
//
// Empty in every other build; Read then falls back on debug.ReadBuildInfo.
var (
	version string
	commit  string
	date    string
)

// Dev is the version of a build that knows no better: go run, go build
// outside a Git checkout, a test binary.
const Dev = "dev"

// Info describes one build of rdash. An unknown commit or date is "", an
// unknown version is Dev; every field is always in the JSON.
type Info struct {
	Version   string `json:"version"`    // "1.2.3", without the tag's "v"
	Commit    string `json:"commit"`     // the full commit hash
	Date      string `json:"date"`       // the commit's time, RFC 3339
	Modified  bool   `json:"modified"`   // built from a tree with uncommitted changes
	GoVersion string `json:"go_version"` // the toolchain that built it: "go1.26.8"
	Platform  string `json:"platform"`   // GOOS/GOARCH: "linux/amd64"
}

// Read returns this binary's build information.
func Read() Info {
	bi, _ := debug.ReadBuildInfo()
	return resolve(stamp{version: version, commit: commit, date: date}, bi)
}

// stamp is what the linker set; its fields win over the toolchain's record.
type stamp struct{ version, commit, date string }

// resolve merges the stamp with bi (nil when the binary has none), field by
// field, so a release build with VCS stamping off still names its commit.
func resolve(s stamp, bi *debug.BuildInfo) Info {
	info := Info{
		Version:   s.version,
		Commit:    s.commit,
		Date:      s.date,
		GoVersion: runtime.Version(),
		Platform:  runtime.GOOS + "/" + runtime.GOARCH,
	}
	if bi != nil {
		fromToolchain(&info, bi)
	}
	info.Version = clean(info.Version)
	return info
}

// fromToolchain fills what the stamp left empty from the toolchain's record:
// Main.Version is the module's tag for `go install rdash@v1.2.3` or a build
// of a tagged, clean checkout, a pseudo-version for other checkouts, and
// "(devel)" without VCS information.
func fromToolchain(info *Info, bi *debug.BuildInfo) {
	if info.Version == "" {
		info.Version = bi.Main.Version
	}
	if bi.GoVersion != "" {
		info.GoVersion = bi.GoVersion
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			info.Commit = cmp.Or(info.Commit, s.Value)
		case "vcs.time":
			info.Date = cmp.Or(info.Date, s.Value)
		case "vcs.modified":
			info.Modified = s.Value == "true"
		}
	}
}

// clean drops a tag's "v" and names an unknown version Dev.
func clean(v string) string {
	if v == "" || v == "(devel)" {
		return Dev
	}
	return strings.TrimPrefix(v, "v")
}
