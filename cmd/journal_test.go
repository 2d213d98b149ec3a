package cmd

import (
	"os"
	"strings"
	"testing"

	"rdash/api/sandbox"
	"rdash/internal/bulk"
)

// journalBytes is the size of every entry of c's journal.
func journalBytes(t *testing.T, c *cli) (entries int, size int64) {
	t.Helper()
	des, err := os.ReadDir(bulk.JournalDir(c.env["RDASH_STATE_DIR"]))
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	for _, de := range des {
		fi, err := de.Info()
		if err != nil {
			t.Fatal(err)
		}
		entries++
		size += fi.Size()
	}
	return entries, size
}

// TestHugeChangelogLeavesNoHugeJournal: the case. An 11 MB
// changelog the server refuses (the sandbox takes 8 MiB) leaves no
// journal entry; one it accepts, set on three versions, is journaled
// once, not once per version and once more for the request.
func TestHugeChangelogLeavesNoHugeJournal(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	dir := t.TempDir()
	huge := writeTemp(t, dir, "huge.md", strings.Repeat("# notes\n", 11<<20/8))
	ids := "13ubedvV,G4T7DMwW,NMpyYgF1"
	r := c.run("", "versions", "edit", "lumen", "--ids", ids, "--changelog-file", huge, "--yes")
	if r.code == 0 || !strings.Contains(r.err, "3 of 3 versions did not end as intended") {
		t.Fatalf("exit %d\n%s", r.code, r.err)
	}
	if n, size := journalBytes(t, c); n != 0 {
		t.Fatalf("a refused edit left %d journal entries, %d bytes", n, size)
	}
	if r := c.run("", "versions", "update", "lumen", "1.0.0", "--changelog-file", huge, "--yes"); r.code == 0 {
		t.Fatalf("update: exit 0\n%s", r.err)
	}
	if n, size := journalBytes(t, c); n != 0 {
		t.Fatalf("a refused update left %d journal entries, %d bytes", n, size)
	}
	big := strings.Repeat("# notes\n", 3<<20/8) // 3 MiB
	c.ok("versions", "edit", "lumen", "--ids", ids, "--changelog-file", writeTemp(t, dir, "big.md", big), "--yes")
	n, size := journalBytes(t, c)
	if n != 1 || size > int64(len(big))*5/4+64<<10 {
		t.Fatalf("%d entries, %d bytes for a %d-byte changelog set on 3 versions", n, size, len(big))
	}
	c.ok("versions", "undo", "--yes")
	if v := getVersion(t, c, "lumen", "NMpyYgF1"); strings.Contains(v.Changelog, "# notes") {
		t.Fatalf("undo left the changelog: %.40q", v.Changelog)
	}
}
