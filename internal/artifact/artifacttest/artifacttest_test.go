package artifacttest

import (
	"archive/zip"
	"bytes"
	"io"
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

// TestStoredIsAZipOfTheFiles: Stored writes the same files as Zip, each
// member stored, and reads back as written.
func TestStoredIsAZipOfTheFiles(t *testing.T) {
	t.Parallel()
	files := map[string][]byte{"plugin.yml": []byte("name: Lumen\n"), "a/B.class": nil}
	z, err := Stored(files)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		t.Fatal(err)
	}
	if len(zr.File) != len(files) {
		t.Fatalf("%d members, want %d", len(zr.File), len(files))
	}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		if err != nil {
			t.Fatal(err)
		}
		if f.Method != zip.Store || !bytes.Equal(b, files[f.Name]) {
			t.Fatalf("%s: method %d, content %q; want stored, %q", f.Name, f.Method, b, files[f.Name])
		}
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
