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

// validateFiles checks data.files and the uploads beside it: every item is
// an upload's file name or an external http(s) URL, every upload is listed,
// and (on create, where nothing exists yet) every listed name is uploaded.
func validateFiles(files []string, uploads []Upload, create bool) error {
	for i, f := range files {
		field := item("data.files", i)
		if err := validateFileItem(field, f); err != nil {
			return err
		}
		if j := slices.Index(files[:i], f); j >= 0 {
			return invalid(field, "repeats %s", item("data.files", j))
		}
	}
	if len(uploads) > MaxUploads {
		return invalid("files", "at most %d uploaded files in one request (has %d)", MaxUploads, len(uploads))
	}
	uploaded := make(map[string]bool, len(uploads))
	for i, up := range uploads {
		field := item("files", i)
		if err := validateUploadName(field, up.Name); err != nil {
			return err
		}
		if uploaded[up.Name] {
			return invalid(field, "repeats an earlier upload of %q", up.Name)
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

func validateFileItem(field, f string) error {
	if isURLItem(f) {
		return validateHTTPURL(field, f, MaxExternalURLLength)
	}
	return validateUploadName(field, f)
}

// isURLItem tells external URLs from file names, which cannot hold a "/".
func isURLItem(f string) bool { return strings.Contains(f, "://") }

// validateUploadName checks a file name, which is also a multipart part key.
// A path separator would be stripped by the server's multipart reader, so
// the part would no longer match its entry in data.files.
func validateUploadName(field, name string) error {
	if err := validateText(field, name, MaxUploadNameLength); err != nil {
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
	if len(meta) > MaxDataBytes {
		return nil, invalid("data", "the metadata has %d bytes as JSON, over the %d allowed (a long changelog?)", len(meta), MaxDataBytes)
	}
	contents, err := openUploads(uploads)
	if err != nil {
		return nil, err
	}
	if err := checkSizes(uploads, contents); err != nil {
		closeAll(contents)
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

// checkSizes refuses, before anything is sent, an upload over MaxFileBytes
// or uploads over MaxUploadBytes together, where their sizes are known;
// writeParts checks the others as they stream.
func checkSizes(uploads []Upload, contents []io.ReadCloser) error {
	names := make([]string, len(uploads))
	sizes := make([]int64, len(uploads))
	for i, c := range contents {
		names[i], sizes[i] = uploads[i].Name, sizeOf(c)
	}
	return CheckUploadSizes(names, sizes)
}

// CheckUploadSizes checks the sizes of a request's uploads, in the order
// they are sent, against MaxFileBytes and MaxUploadBytes, naming the field
// as the request would ("files[1]", "files"); a negative size is unknown
// and skipped. A dry run calls it to say what sending would refuse.
func CheckUploadSizes(names []string, sizes []int64) error {
	var total int64
	for i, n := range sizes {
		if n < 0 {
			continue
		}
		if n > MaxFileBytes {
			return invalid(item("files", i), "%q has %d bytes, over the %d one uploaded file may have", names[i], n, MaxFileBytes)
		}
		total += n
	}
	if total > MaxUploadBytes {
		return invalid("files", "the uploads have %d bytes together, over the %d one request may carry", total, MaxUploadBytes)
	}
	return nil
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
	var total int64
	for i, up := range uploads {
		w, err := mw.CreateFormFile(up.Name, up.Name)
		if err != nil {
			return err
		}
		n, err := io.Copy(w, p.reader(io.LimitReader(contents[i], MaxFileBytes+1)))
		if err != nil {
			return fmt.Errorf("files[%d] %q: %w", i, up.Name, err)
		}
		total += n
		switch {
		case n > MaxFileBytes:
			return invalid(item("files", i), "%q has over the %d bytes one uploaded file may have", up.Name, MaxFileBytes)
		case total > MaxUploadBytes:
			return invalid("files", "the uploads have over the %d bytes one request may carry", MaxUploadBytes)
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
