package cmd

import (
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
	Name   string `json:"name"`             // the data.files item: file name or URL
	Path   string `json:"path,omitempty"`   // the local file, for an upload
	Size   int64  `json:"size,omitempty"`   // of the local file
	Action string `json:"action,omitempty"` // add, replace, keep (update only)
}

func (it fileItem) upload() bool { return it.Path != "" }

// localUpload checks a --file path: a regular file (looked at first, as
// opening a named pipe would wait for a writer) that rdash may read, so a
// dry run finds what the upload would fail on. The item is its base name.
func localUpload(p string) (fileItem, error) {
	fi, err := os.Stat(p)
	switch {
	case err != nil:
		return fileItem{}, fmt.Errorf("--file: %w", err)
	case !fi.Mode().IsRegular():
		return fileItem{}, fmt.Errorf("--file %s: not a regular file", p)
	}
	fh, err := os.Open(p)
	if err != nil {
		return fileItem{}, fmt.Errorf("--file: %w", err)
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
