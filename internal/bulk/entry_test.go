package bulk

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"rdash/api"
)

// TestEveryEntryFieldSurvivesTheJournal sets each field of Entry that is
// journaled (every field not tagged json:"-") to a value of its own,
// writes the entry and reads it back: the field must come back as the
// journal keeps it (compact). Fields are found by reflection, so a field
// added to Entry is covered without a change here.
func TestEveryEntryFieldSurvivesTheJournal(t *testing.T) {
	t.Parallel()
	typ := reflect.TypeFor[Entry]()
	for i := range typ.NumField() {
		sf := typ.Field(i)
		if !sf.IsExported() || sf.Tag.Get("json") == "-" {
			continue
		}
		t.Run(sf.Name, func(t *testing.T) {
			t.Parallel()
			for _, kind := range []string{KindEdit, KindDelete} {
				e := &Entry{ID: "20261101T120000.000000000Z-edit-0001", Kind: kind}
				n := 0
				fill(reflect.ValueOf(e).Elem().Field(i), &n)
				j := Journal{Dir: t.TempDir()}
				if err := j.Write(e); err != nil {
					t.Fatal(err)
				}
				got, err := j.Read(e.ID)
				if err != nil {
					t.Fatal(err)
				}
				want := compact(e)
				g, w := reflect.ValueOf(got).Elem().Field(i), reflect.ValueOf(&want).Elem().Field(i)
				if g.IsZero() || asJSON(t, g) != asJSON(t, w) {
					t.Errorf("%s (%s entry) written as\n%s\nread back as\n%s", sf.Name, kind, asJSON(t, w), asJSON(t, g))
				}
			}
		})
	}
}

// fill sets v to a value with every part set, strings and numbers told
// apart by *n.
func fill(v reflect.Value, n *int) {
	*n++
	switch v.Kind() {
	case reflect.String:
		v.SetString(fmt.Sprintf("s%d", *n)) // a valid entry ID too
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Interface: // a JSON value kept as sent (a file's checksum)
		v.Set(reflect.ValueOf(fmt.Sprintf("s%d", *n)))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(*n))
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), n)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		fill(v.Index(0), n)
		fill(v.Index(1), n)
	case reflect.Map:
		v.Set(reflect.MakeMap(v.Type()))
		k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		fill(k, n)
		fill(e, n)
		v.SetMapIndex(k, e)
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[time.Time]() {
			v.Set(reflect.ValueOf(time.Date(2026, 11, 1, 12, 0, *n, 0, time.UTC)))
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), n)
			}
		}
	default:
		panic("fill: no value for a " + v.Kind().String() + ": teach fill this kind")
	}
}

func asJSON(t *testing.T, v reflect.Value) string {
	t.Helper()
	b, err := json.Marshal(v.Interface())
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestJournalKeepsWhatAnUndoNeeds: an edit that sets a 1 MiB changelog on
// 50 versions, each with a changelog and files of its own, is journaled
// with the new changelog once and each old one once, nothing of the
// fields it does not change; undo planned from the file is the undo
// planned from the run.
func TestJournalKeepsWhatAnUndoNeeds(t *testing.T) {
	t.Parallel()
	var vs []api.Version
	for i := range 50 {
		vs = append(vs, api.Version{ID: fmt.Sprintf("v%07d", i), Version: fmt.Sprintf("1.%d", i), Name: "Name",
			Changelog: fmt.Sprintf("%d %s", i, strings.Repeat("old ", 2500)), Channel: release,
			Platforms: []string{"paper", "folia"}, MinecraftVersions: []string{"1.21.4"},
			Files: []api.File{{ID: "f", Name: strings.Repeat("file", 30) + ".jar", Size: 1 << 20}}})
	}
	changelog := strings.Repeat("new\n", 1<<18) // 1 MiB
	e := editOf(vs, Edit{Changelog: &changelog})
	e.Time, e.Patch = time.Now(), &api.BulkPatch{Changelog: &changelog}
	j := Journal{Dir: t.TempDir()}
	if err := j.Write(e); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(j.path(e.ID))
	if err != nil {
		t.Fatal(err)
	}
	encoded := func(s string) int { b, _ := json.Marshal(s); return len(b) }
	// Each text once, as JSON (a newline is 2 bytes), and ~300 B a
	// version for the rest.
	bound := int64(encoded(changelog) + 50*encoded(vs[0].Changelog) + 50*300)
	if fi.Size() > bound {
		t.Fatalf("entry is %d bytes, want at most %d: the new changelog once, each old one once", fi.Size(), bound)
	}
	read, err := j.Read(e.ID)
	if err != nil {
		t.Fatal(err)
	}
	now := slices.Clone(e.After)
	now[3].Changelog = "changed since by someone"
	fromRun, fromFile := PlanUndo(e, now), PlanUndo(read, now)
	if asJSON(t, reflect.ValueOf(fromRun.Groups)) != asJSON(t, reflect.ValueOf(fromFile.Groups)) ||
		len(fromFile.Changes) != 49 || len(fromFile.Kept) != 1 || fromFile.Changes[0].After.Changelog != vs[0].Changelog {
		t.Fatalf("undo from the file: %d changes, kept %+v; from the run: %d changes", len(fromFile.Changes), fromFile.Kept, len(fromRun.Changes))
	}
	if read.Before[0].Files != nil || read.Before[0].Platforms != nil {
		t.Errorf("fields the edit did not change were journaled: %+v", read.Before[0])
	}
}

// TestJournalReadsEntriesOfOlderRdash: an entry written whole, changelogs
// in place, as rdash wrote them before, is still read and undone.
func TestJournalReadsEntriesOfOlderRdash(t *testing.T) {
	t.Parallel()
	vs := sampleVersions()
	e := editOf(vs, Edit{Name: api.Ptr("Renamed")})
	e.ID, e.Project = "20261101T120000.000000000Z-edit-0001", "lumen"
	old, err := json.Marshal(e) // no texts: the format before
	if err != nil {
		t.Fatal(err)
	}
	j := Journal{Dir: t.TempDir()}
	if err := os.WriteFile(j.path(e.ID), old, 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := j.LastUndoable("lumen")
	if err != nil {
		t.Fatal(err)
	}
	u := PlanUndo(got, e.After)
	if len(u.Changes) != len(vs) || *u.Groups[0].Patch.Name != vs[0].Name || got.Before[0].Changelog != vs[0].Changelog {
		t.Fatalf("undo of an older entry: %+v", u.Changes)
	}
}
