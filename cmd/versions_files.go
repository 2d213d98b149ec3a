package cmd

import (
	"cmp"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"rdash/api"
)

// fileItem is one entry of a request's data.files as the command sees it:
// an upload from a local path, an external URL, or (on update) a file the
// version keeps.
type fileItem struct {
	Name   string // the data.files item: file name or URL
	Path   string // the local file, for an upload
	Size   int64  // of the local file
	Action string // add, replace, keep (update only)
}

// fileItemJSON is one file of the version's list after a create or
// update, the first the primary: a local file uploaded (path and size),
// an external URL (name), or, on update, a file kept.
type fileItemJSON struct {
	Name    string     `json:"name"`
	Action  string     `json:"action"` // add, replace or keep
	Path    nullString `json:"path"`
	Size    *int64     `json:"size"`
	Primary bool       `json:"primary"`
}

func fileItemsOut(items []fileItem) []fileItemJSON {
	out := make([]fileItemJSON, len(items))
	for i, it := range items {
		out[i] = fileItemJSON{Name: it.Name, Action: cmp.Or(it.Action, "add"), Path: nullString(it.Path), Primary: i == 0}
		if it.upload() {
			out[i].Size = &it.Size
		}
	}
	return out
}

func (it fileItem) upload() bool { return it.Path != "" }

// localUpload checks a --file path: a regular file (looked at first, as
// opening a named pipe would wait for a writer) that rdash may read, so a
// dry run finds what the upload would fail on. The item is its base name.
func localUpload(p string) (fileItem, error) { return localUploadAs("--file", p) }

// localUploadAs is localUpload for the flag named flag.
func localUploadAs(flag, p string) (fileItem, error) {
	fi, err := os.Stat(p)
	switch {
	case err != nil:
		return fileItem{}, fmt.Errorf("%s: %w", flag, err)
	case !fi.Mode().IsRegular():
		return fileItem{}, fmt.Errorf("%s %s: not a regular file", flag, p)
	}
	fh, err := os.Open(p)
	if err != nil {
		return fileItem{}, fmt.Errorf("%s: %w", flag, err)
	}
	fh.Close()
	return fileItem{Name: filepath.Base(p), Path: p, Size: fi.Size()}, nil
}

// makePrimary moves the item named name (a file name, URL or, when ids
// is given, a file ID) to the front of items: the first file is primary.
func makePrimary(items []fileItem, name string, ids map[string]string) ([]fileItem, error) {
	if name == "" {
		return items, nil
	}
	if n, ok := ids[name]; ok {
		name = n
	}
	i := slices.IndexFunc(items, func(it fileItem) bool { return it.Name == name })
	if i < 0 {
		return nil, fmt.Errorf("--primary %q: not one of the version's files (after this change)", name)
	}
	return append([]fileItem{items[i]}, slices.Delete(slices.Clone(items), i, i+1)...), nil
}

// requestFiles returns data.files and the uploads of items.
func requestFiles(items []fileItem) ([]string, []api.Upload) {
	files := make([]string, 0, len(items))
	var uploads []api.Upload
	for _, it := range items {
		files = append(files, it.Name)
		if it.upload() {
			p := it.Path
			uploads = append(uploads, api.Upload{Name: it.Name,
				Open: func() (io.ReadCloser, error) { return os.Open(p) }})
		}
	}
	return files, uploads
}

// uploadTotal is the bytes the items upload.
func uploadTotal(items []fileItem) (n int64, count int) {
	for _, it := range items {
		if it.upload() {
			n += it.Size
			count++
		}
	}
	return n, count
}
