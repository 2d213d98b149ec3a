package buildinfo

import (
	"runtime"
	"runtime/debug"
	"testing"
)

// toolchain is a build record like `go build` in a clean checkout makes.
func toolchain(mainVersion string, settings ...debug.BuildSetting) *debug.BuildInfo {
	return &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "rdash", Version: mainVersion}, Settings: settings}
}

var vcs = []debug.BuildSetting{
	{Key: "vcs", Value: "git"},
	{Key: "vcs.revision", Value: "6f5cbdd0c1e2a3b4c5d6e7f8091a2b3c4d5e6f70"},
	{Key: "vcs.time", Value: "2026-11-20T09:30:00Z"},
	{Key: "vcs.modified", Value: "false"},
}

func TestResolve(t *testing.T) {
	t.Parallel()
	platform := runtime.GOOS + "/" + runtime.GOARCH
	release := stamp{version: "1.2.3", commit: "aaaabbbbccccddddeeeeffff0000111122223333", date: "2026-11-26T10:00:00Z"}
	tests := []struct {
		name string
		s    stamp
		bi   *debug.BuildInfo
		want Info
	}{
		{"the stamp wins over the toolchain", release, toolchain("v0.0.0-20261120093000-6f5cbdd0c1e2", vcs...),
			Info{"1.2.3", release.commit, release.date, false, "go1.26.8", platform}},
		{"the stamp alone", release, nil,
			Info{"1.2.3", release.commit, release.date, false, runtime.Version(), platform}},
		{"go install rdash@v1.4.0: the module's tag without its v", stamp{}, toolchain("v1.4.0"),
			Info{"1.4.0", "", "", false, "go1.26.8", platform}},
		{"go build in a checkout: pseudo-version and VCS", stamp{}, toolchain("v0.0.0-20261120093000-6f5cbdd0c1e2", vcs...),
			Info{"0.0.0-20261120093000-6f5cbdd0c1e2", "6f5cbdd0c1e2a3b4c5d6e7f8091a2b3c4d5e6f70", "2026-11-20T09:30:00Z", false, "go1.26.8", platform}},
		{"(devel) is dev", stamp{}, toolchain("(devel)"),
			Info{Dev, "", "", false, "go1.26.8", platform}},
		{"no version at all is dev", stamp{}, toolchain(""),
			Info{Dev, "", "", false, "go1.26.8", platform}},
		{"no build information", stamp{}, nil,
			Info{Dev, "", "", false, runtime.Version(), platform}},
		{"uncommitted changes", stamp{}, toolchain("(devel)", debug.BuildSetting{Key: "vcs.revision", Value: "abc"}, debug.BuildSetting{Key: "vcs.modified", Value: "true"}),
			Info{Dev, "abc", "", true, "go1.26.8", platform}},
		{"a partial stamp is completed from VCS", stamp{version: "1.2.3"}, toolchain("(devel)", vcs...),
			Info{"1.2.3", "6f5cbdd0c1e2a3b4c5d6e7f8091a2b3c4d5e6f70", "2026-11-20T09:30:00Z", false, "go1.26.8", platform}},
		{"a stamped v is dropped too", stamp{version: "v2.0.0"}, nil,
			Info{"2.0.0", "", "", false, runtime.Version(), platform}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := resolve(tt.s, tt.bi); got != tt.want {
				t.Errorf("resolve:\n got %#v\nwant %#v", got, tt.want)
			}
		})
	}
}

// TestReadTestBinary reads the test binary's own record: not stamped, not
// built by go build, so it is a dev build of this toolchain.
func TestReadTestBinary(t *testing.T) {
	t.Parallel()
	got := Read()
	if got.Version != Dev || got.GoVersion != runtime.Version() {
		t.Errorf("Read() = %#v, want version %q and Go %q", got, Dev, runtime.Version())
	}
}

func TestString(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   Info
		want string
	}{
		{"release", Info{"1.2.3", "6f5cbdd0c1e2", "2026-11-26T23:30:00-02:00", false, "go1.26.8", "linux/amd64"},
			"rdash version 1.2.3 (2026-11-27)\ncommit 6f5cbdd0c1e2, go1.26.8, linux/amd64"},
		{"modified checkout", Info{"0.0.0-20261120093000-6f5cbdd0c1e2+dirty", "6f5cbdd0c1e2", "2026-11-20T09:30:00Z", true, "go1.26.8", "darwin/arm64"},
			"rdash version 0.0.0-20261120093000-6f5cbdd0c1e2+dirty (2026-11-20)\ncommit 6f5cbdd0c1e2 (modified), go1.26.8, darwin/arm64"},
		{"nothing known", Info{Dev, "", "", false, "go1.26.8", "windows/amd64"},
			"rdash version dev\ngo1.26.8, windows/amd64"},
		{"a date that is not RFC 3339 is shown as given", Info{"1.0.0", "", "last tuesday", false, "go1.26.8", "linux/arm64"},
			"rdash version 1.0.0 (last tuesday)\ngo1.26.8, linux/arm64"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := tt.in.String(); got != tt.want {
				t.Errorf("String():\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}
