package sandbox

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"slices"
	"strings"
)

// decodeJSON reads one JSON value into v, rejecting unknown fields and
// trailing data, so a client's misspelt field fails loudly instead of being
// ignored. field names the part of the request in errors.
func decodeJSON(r io.Reader, v any, field string) error {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(field, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return jsonError(field, errors.Join(errors.New("data after the JSON value"), err))
	}
	return nil
}

func jsonError(field string, err error) error {
	var tooBig *http.MaxBytesError
	var typeErr *json.UnmarshalTypeError
	var he *httpError
	switch {
	case errors.As(err, &tooBig), errors.As(err, &he):
		return err
	case errors.Is(err, io.EOF):
		return badRequest(field, "required: a JSON object")
	case errors.As(err, &typeErr) && typeErr.Field != "":
		return badRequestf(joinField(field, typeErr.Field), "wrong JSON type (got %s)", typeErr.Value)
	}
	return badRequest(field, "malformed JSON: "+strings.TrimPrefix(err.Error(), "json: "))
}

func joinField(prefix, name string) string {
	if prefix == "" || prefix == "body" {
		return name
	}
	return prefix + "." + name
}

// readJSONBody decodes a JSON request body; a Content-Type other than JSON
// is rejected.
func readJSONBody(r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		if mt, _, _ := mime.ParseMediaType(ct); mt != "application/json" {
			return badRequest("Content-Type", "must be application/json")
		}
	}
	return decodeJSON(r.Body, v, "body")
}

// versionForm is a multipart create or update request: the metadata of the
// data part, and the uploaded files by part key, streamed to memory up to
// uploadMemBytes per request and to files in the server's upload directory
// beyond, never read whole before they are checked.
type versionForm struct {
	data    wireVersionData
	uploads map[string]*content
	order   []string // part keys in arrival order: files[i] is the i-th
	sawData bool
	kept    bool  // the uploads became files of a version
	total   int64 // bytes of every upload so far
	inMem   int64 // of which held in memory
}

func (s *Server) readVersionForm(r *http.Request) (*versionForm, error) {
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, badRequest("Content-Type", "must be multipart/form-data")
	}
	f := &versionForm{uploads: map[string]*content{}}
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err == nil {
			err = s.addPart(f, part)
		} else {
			err = multipartError(err)
		}
		if err != nil {
			f.discard()
			return nil, err
		}
	}
	if !f.sawData {
		f.discard()
		return nil, badRequest("data", "required: a part named data holding the JSON metadata")
	}
	return f, nil
}

func (s *Server) addPart(f *versionForm, part *multipart.Part) error {
	key := part.FormName()
	switch {
	case key == "":
		return badRequest("files", "every part needs a form-data name")
	case key == "data" && f.sawData:
		return badRequest("data", "sent twice")
	case key == "data":
		f.sawData = true
		return decodeJSON(&cappedReader{r: part, max: s.prof.MaxBody, left: s.prof.MaxBody, field: "data"}, &f.data, "data")
	}
	field := fmt.Sprintf("files[%d]", len(f.order))
	if name := part.FileName(); name != "" && name != key {
		return badRequestf(field, "part %q has filename %q: the part key must equal the filename", key, name)
	}
	if _, dup := f.uploads[key]; dup {
		return badRequestf(field, "two parts named %q", key)
	}
	if len(f.uploads) == s.prof.MaxUploads {
		return badRequestf("files", "at most %d uploaded files in one request", s.prof.MaxUploads)
	}
	c, err := s.receive(f, field, key, part)
	if err != nil {
		return err
	}
	f.uploads[key] = c
	f.order = append(f.order, key)
	return nil
}

// receive streams one file part, hashing it as it comes: into memory while
// the request's uploads fit in uploadMemBytes, else into a file. It
// enforces the per-file and per-request limits while reading, so an
// oversized upload is refused without being stored whole.
func (s *Server) receive(f *versionForm, field, key string, part io.Reader) (*content, error) {
	maxFile, maxAll := s.opts.MaxFileBytes, s.opts.MaxUploadBytes
	sum := newHasher(s.prof.StrongHashes)
	c := &content{}
	buf := make([]byte, 32<<10)
	fail := func(err error) (*content, error) {
		c.remove()
		return nil, err
	}
	for {
		n, rerr := part.Read(buf)
		if n > 0 {
			c.size += int64(n)
			f.total += int64(n)
			switch {
			case c.size > maxFile:
				return fail(tooLargef(field, "%q is over %d bytes, the most one uploaded file may have", key, maxFile))
			case f.total > maxAll:
				return fail(tooLargef("files", "the uploads of one request are over %d bytes, the most allowed", maxAll))
			}
			if c.file == nil && c.path == "" && f.inMem+c.size > uploadMemBytes {
				if err := s.spill(c); err != nil {
					return fail(err)
				}
			}
			sum.Write(buf[:n])
			if c.file != nil {
				if _, err := c.file.Write(buf[:n]); err != nil {
					return fail(err)
				}
			} else {
				c.data = append(c.data, buf[:n]...)
			}
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			return fail(multipartError(rerr))
		}
	}
	if c.file != nil {
		err := c.file.Close()
		c.file = nil
		if err != nil {
			return fail(err)
		}
	} else {
		f.inMem += c.size
	}
	sum.sum(c)
	return c, nil
}

// release removes the spilled uploads of a request that changed nothing.
func (f *versionForm) release() {
	if !f.kept {
		f.discard()
	}
}

// discard removes the files of uploads a failed request spilled to disk.
func (f *versionForm) discard() {
	for _, c := range f.uploads {
		c.remove()
	}
}

// cappedReader fails with a 413 naming field once more than max bytes
// are read; left is what remains of max.
type cappedReader struct {
	r         io.Reader
	max, left int64
	field     string
}

func (c *cappedReader) Read(p []byte) (int, error) {
	if c.left < 0 {
		return 0, tooLargef(c.field, "over %d bytes", c.max)
	}
	if int64(len(p)) > c.left+1 {
		p = p[:c.left+1]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	if c.left < 0 {
		return n, tooLargef(c.field, "over %d bytes", c.max)
	}
	return n, err
}

func multipartError(err error) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return err
	}
	return badRequest("body", "malformed multipart: "+err.Error())
}

// check applies the rules of the interface that need no state, and the
// profile's own; create adds the fields a new version requires. It keeps a
// list value repeated in a request once where the profile allows repeats.
func (f *versionForm) check(p *Choices, create bool) error {
	d := &f.data
	var errs [4]error
	d.MinecraftVersions, errs[0] = p.gameVersions("data.minecraft_versions", d.MinecraftVersions)
	d.Platforms, errs[1] = p.platforms("data.platforms", d.Platforms)
	d.Dependencies, errs[2] = p.dependencies("data.dependencies", d.Dependencies)
	d.Files, errs[3] = f.checkFiles(p, create)
	err := firstError(
		optional(d.Version, func(v string) error { return p.text("data.version", v, maxVersionLen) }),
		optional(d.Name, func(n string) error { return p.text("data.name", n, maxNameLen) }),
		firstError(errs[:]...),
	)
	switch {
	case create:
		return firstError(requireFields(*d), err)
	case err == nil && f.empty() && p.OwnRules:
		return badRequest("data", "names no field to change")
	}
	return err
}

func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func requireFields(d wireVersionData) error {
	switch {
	case d.Channel == nil:
		return badRequest("data.channel", "required")
	case d.Version == nil:
		return badRequest("data.version", "required")
	case d.Name == nil:
		return badRequest("data.name", "required")
	case d.Files == nil:
		return badRequest("data.files", "required")
	}
	return nil
}

func optional[T any](v *T, check func(T) error) error {
	if v == nil {
		return nil
	}
	return check(*v)
}

// checkFiles checks data.files and the file parts against it, and returns
// data.files, each item once where the profile allows repeats.
func (f *versionForm) checkFiles(p *Choices, create bool) ([]string, error) {
	files := f.data.Files
	if files != nil && len(files) == 0 {
		return files, badRequest("data.files", "at least one file is required")
	}
	for i, it := range files {
		if err := p.fileItem(fmt.Sprintf("data.files[%d]", i), it, create); err != nil {
			return files, err
		}
	}
	files, err := p.distinct("data.files", files, identity)
	if err != nil {
		return files, err
	}
	for i, name := range f.order {
		if !slices.Contains(files, name) {
			return files, badRequestf(fmt.Sprintf("files[%d]", i), "uploaded part %q is not listed in data.files", name)
		}
	}
	return files, nil
}

// checkFileItem checks an item of data.files: an external URL, or the name
// of an uploaded part or (on update) of a file the version has.
func checkFileItem(field, item string) error {
	if isURLItem(item) {
		return checkURL(field, item, maxURLLen)
	}
	return checkFileName(field, item)
}

func isURLItem(item string) bool { return strings.Contains(item, "://") }

func (f *versionForm) empty() bool {
	d := f.data
	return d.Channel == nil && d.Version == nil && d.Name == nil && d.Changelog == nil &&
		d.MinecraftVersions == nil && d.Platforms == nil && d.Dependencies == nil && d.Files == nil
}
