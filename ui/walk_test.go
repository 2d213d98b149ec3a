package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rdash/ui/common"
	"rdash/ui/route"
)

// screens names, for each route, the package of its screen. Its tests
// walk every key of the screen with uitest.RequireKeysInHelp, in each of
// its states, unless it is in notWalkedYet.
var screens = map[common.RouteKey]string{
	route.Picker.Key(): "picker", route.Versions.Key(): "versions", route.Detail.Key(): "detail",
	route.Invitations.Key(): "invitations", route.SignIn.Key(): "signin", route.Account.Key(): "account",
	route.BulkEdit.Key(): "bulkedit", route.Delete.Key(): "bulkedit", route.Undo.Key(): "bulkedit",
	route.NewVersion.Key(): "publish", route.EditVersion.Key(): "publish", route.Download.Key(): "download",
	route.Stats.Key(): "stats",
}

// notWalkedYet are the screens whose keys no test walks yet, with who
// will add the walk: a TestEveryKeyIsInTheHelp in the package, as
// ui/picker/keys_test.go has. The test below fails once one is walked, so
// that it comes off this list.
var notWalkedYet = map[string]string{}

// TestEveryScreensKeysAreWalked fails when a registered screen has no
// test that walks its keys, or when the tables above are out of date.
func TestEveryScreensKeysAreWalked(t *testing.T) {
	t.Parallel()
	reg := common.NewRegistry()
	register(reg, nil, true, true)
	for _, r := range reg.Routes() {
		pkg, ok := screens[r]
		if !ok {
			t.Errorf("route %s has no package in screens", r)
			continue
		}
		_, later := notWalkedYet[pkg]
		switch walks := walksKeys(t, pkg); {
		case walks && later:
			t.Errorf("ui/%s walks its keys now: take it off notWalkedYet", pkg)
		case !walks && !later:
			t.Errorf("ui/%s (route %s) has no test that walks its keys (uitest.RequireKeysInHelp)", pkg, r)
		}
	}
}

// walksKeys reports whether a test of package dir calls RequireKeysInHelp.
func walksKeys(t *testing.T, dir string) bool {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no tests in ui/%s: %v", dir, err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), "uitest.RequireKeysInHelp(") {
			return true
		}
	}
	return false
}
