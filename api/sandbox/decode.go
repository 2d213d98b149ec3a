package sandbox

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
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
	switch {
	case errors.As(err, &tooBig):
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
// data part, and the uploaded files by part key.
type versionForm struct {
	data    wireVersionData
	uploads map[string][]byte
	sawData bool
}

func readVersionForm(r *http.Request) (*versionForm, error) {
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, badRequest("Content-Type", "must be multipart/form-data")
	}
	f := &versionForm{uploads: map[string][]byte{}}
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, multipartError(err)
		}
		if err := f.add(part); err != nil {
			return nil, err
		}
	}
	if !f.sawData {
		return nil, badRequest("data", "required: a part named data holding the JSON metadata")
	}
	return f, nil
}

func (f *versionForm) add(part *multipart.Part) error {
	key := part.FormName()
	switch {
	case key == "":
		return badRequest("files", "every part needs a form-data name")
	case key == "data" && f.sawData:
		return badRequest("data", "sent twice")
	case key == "data":
		f.sawData = true
		return decodeJSON(part, &f.data, "data")
	}
	if name := part.FileName(); name != "" && name != key {
		return badRequestf("files", "part %q has filename %q: the part key must equal the filename", key, name)
	}
	if _, dup := f.uploads[key]; dup {
		return badRequestf("files", "two parts named %q", key)
	}
	if len(f.uploads) == MaxUploads {
		return badRequestf("files", "at most %d uploaded files in one request", MaxUploads)
	}
	b, err := io.ReadAll(part)
	if err != nil {
		return multipartError(err)
	}
	f.uploads[key] = b
	return nil
}

func multipartError(err error) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return err
	}
	return badRequest("body", "malformed multipart: "+err.Error())
}

// check applies the rules of the interface that need no state; create adds
// the fields a new version requires.
func (f *versionForm) check(create bool) error {
	d := f.data
	err := firstError(
		optional(d.Version, func(v string) error { return checkText("data.version", v, maxVersionLen) }),
		optional(d.Name, func(n string) error { return checkText("data.name", n, maxNameLen) }),
		checkGameVersions("data.minecraft_versions", d.MinecraftVersions),
		checkPlatforms("data.platforms", d.Platforms),
		checkDependencies("data.dependencies", d.Dependencies),
		f.checkFiles(),
	)
	switch {
	case create:
		return firstError(requireFields(d), err)
	case err == nil && f.empty():
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

func (f *versionForm) checkFiles() error {
	d := f.data
	if d.Files != nil && len(d.Files) == 0 {
		return badRequest("data.files", "at least one file is required")
	}
	for i, it := range d.Files {
		if err := checkFileItem(fmt.Sprintf("data.files[%d]", i), it); err != nil {
			return err
		}
	}
	if err := noDuplicates("data.files", d.Files, identity); err != nil {
		return err
	}
	for _, name := range slices.Sorted(maps.Keys(f.uploads)) {
		if !slices.Contains(d.Files, name) {
			return badRequestf("files", "uploaded part %q is not listed in data.files", name)
		}
	}
	return nil
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
