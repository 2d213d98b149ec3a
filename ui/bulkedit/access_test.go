package bulkedit

import (
	"strings"
	"testing"

	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

// TestSaysWhatTheUserLacks: before the form (or the typed count), the
// bulk screens say when the server will certainly refuse: dave is
// neither lumen's owner nor in its organization.
func TestSaysWhatTheUserLacks(t *testing.T) {
	t.Parallel()
	s := uitest.NewSession(t, uitest.SessionOptions{User: "dave"})
	vs := versionsOf(t, s.Client, "lumen", 2)
	for name, f := range map[string]factory[route.SelectionArgs]{"edit": Factory, "delete": DeleteFactory} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			cm := uitest.Common(t)
			cm.Session = s
			cm.Config.Env.StateDir = t.TempDir()
			scr, err := f(&recording{Client: s.Client})(cm, selection("lumen", vs, 0))
			if err != nil {
				t.Fatal(err)
			}
			e := &env{t: t, m: scr.(*Model), w: 80, h: 24}
			e.d = uitest.NewDriver(t, uitest.Screen{S: scr}, 80, 24)
			want := "The server does not list lumen among dave's projects, so it may refuse to " +
				name + " its versions"
			e.d.WaitFor("the warning", func() bool { return strings.Contains(e.flat(), want) })
			e.check()
		})
	}
}
