package artifacttest

import (
	"archive/zip"
	"bytes"
	"slices"
	"testing"
)

// TestZipIsTheSameForTheSameFiles: goldens compare bytes, so the same
// files make the same archive, members in name order and named as given.
func TestZipIsTheSameForTheSameFiles(t *testing.T) {
	t.Parallel()
	files := map[string][]byte{"plugin.yml": []byte("name: Lumen\n"), "../evil": []byte("x"), "a/B.class": nil}
	a, b := Bytes(t, files), Bytes(t, files)
	if !bytes.Equal(a, b) {
		t.Fatal("the same files made two archives")
	}
	zr, err := zip.NewReader(bytes.NewReader(a), int64(len(a)))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
	}
	if want := []string{"../evil", "a/B.class", "plugin.yml"}; !slices.Equal(names, want) {
		t.Fatalf("members %q, want %q", names, want)
	}
}

// TestBombIsWhatItSays: the zeros of the member, and only they, go while
// the hole is on.
func TestBombIsWhatItSays(t *testing.T) {
	t.Parallel()
	const size = 3<<20 + 5
	var hole bool
	var holed, kept int
	w := writerFunc(func(p []byte) (int, error) {
		if hole {
			holed += len(p)
		} else {
			kept += len(p)
		}
		return len(p), nil
	})
	if err := Bomb(w, "plugin.yml", size, func(on bool) { hole = on }); err != nil {
		t.Fatal(err)
	}
	if holed != size || kept == 0 || kept > 1<<10 {
		t.Fatalf("%d bytes went into the hole and %d around it, want %d and a header", holed, kept, size)
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
