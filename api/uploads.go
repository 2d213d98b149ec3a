package api

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// validateFiles checks data.files and the uploads beside it as the
// document states: every item is an upload's file name or an external
// http(s) URL (on create, at most 128 and 256 characters), every upload is
// listed, and (on create, where nothing exists yet) every listed name is
// uploaded. How many files, how large, and repeats are the server's to
// judge.
func validateFiles(files []string, uploads []Upload, create bool) error {
	for i, f := range files {
		if err := validateFileItem(item("data.files", i), f, create); err != nil {
			return err
		}
	}
	uploaded := make(map[string]bool, len(uploads))
	for i, up := range uploads {
		field := item("files", i)
		if err := validateUploadName(field, up.Name, create); err != nil {
			return err
		}
		if up.Open == nil {
			return invalid(field, "has no content")
		}
		if !slices.Contains(files, up.Name) {
			return invalid(field, "%q must be listed in data.files", up.Name)
		}
		uploaded[up.Name] = true
	}
	for i, f := range files {
		if create && !uploaded[f] && !isURLItem(f) {
			return invalid(item("data.files", i), "no file named %q is uploaded", f)
		}
	}
	return nil
}

func validateFileItem(field, f string, create bool) error {
	if isURLItem(f) {
		return validateHTTPURL(field, f, onCreate(create, MaxExternalURLLength))
	}
	return validateUploadName(field, f, create)
}

// onCreate is limit on create and none (0) on update: the document's
// limits on data.files are those of the create request.
func onCreate(create bool, limit int) int {
	if create {
		return limit
	}
	return 0
}

// isURLItem tells external URLs from file names, which cannot hold a "/".
func isURLItem(f string) bool { return strings.Contains(f, "://") }

// validateUploadName checks a file name, which is also a multipart part
// key. A receiver drops a file name's directory part (RFC 7578, section
// 4.2), so a name with a path separator would no longer match its entry
// in data.files.
func validateUploadName(field, name string, create bool) error {
	if err := validateRequired(field, name, onCreate(create, MaxUploadNameLength)); err != nil {
		return err
	}
	if strings.ContainsAny(name, `/\`) || name == "." || name == ".." {
		return invalid(field, "must be a file name without a path")
	}
	return nil
}

// multipartRequest builds a request whose body streams a "data" part with
// data as JSON and then one part per upload, so large files are never held
// in memory: an io.Pipe hands each chunk to the transport as it asks for
// it. Every upload is opened first: one that cannot be opened fails the
// call before anything is sent.
func (c *Client) multipartRequest(ctx context.Context, method string, u *url.URL, data any, uploads []Upload, progress Progress) (*http.Request, error) {
	meta, err := json.Marshal(data)
	if err != nil {
		return nil, err
	}
	contents, err := openUploads(uploads)
	if err != nil {
		return nil, err
	}
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	req, err := c.newRequest(ctx, method, u, pr, mw.FormDataContentType())
	if err != nil {
		closeAll(contents)
		return nil, err
	}
	p := newProgressCounter(progress, contents)
	go func() { pw.CloseWithError(writeParts(mw, meta, uploads, contents, p)) }()
	return req, nil
}

func openUploads(uploads []Upload) ([]io.ReadCloser, error) {
	contents := make([]io.ReadCloser, 0, len(uploads))
	for i, up := range uploads {
		rc, err := up.Open()
		if err != nil {
			closeAll(contents)
			return nil, fmt.Errorf("files[%d] %q: %w", i, up.Name, err)
		}
		contents = append(contents, rc)
	}
	return contents, nil
}

func writeParts(mw *multipart.Writer, meta []byte, uploads []Upload, contents []io.ReadCloser, p *progressCounter) error {
	defer closeAll(contents)
	w, err := mw.CreateFormField("data")
	if err != nil {
		return err
	}
	if _, err := w.Write(meta); err != nil {
		return err
	}
	for i, up := range uploads {
		w, err := mw.CreateFormFile(up.Name, up.Name)
		if err != nil {
			return err
		}
		if _, err := io.Copy(w, p.reader(contents[i])); err != nil {
			return fmt.Errorf("files[%d] %q: %w", i, up.Name, err)
		}
	}
	return mw.Close()
}

// closeAll closes readers that were only read, where a Close error cannot
// lose data.
func closeAll(cs []io.ReadCloser) {
	for _, c := range cs {
		_ = c.Close()
	}
}
