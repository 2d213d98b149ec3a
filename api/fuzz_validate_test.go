package api_test

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
)

// fieldName is the shape of a ValidationError's Field: the interface's
// names with list indices, such as "data.dependencies[1].version_id".
var fieldName = regexp.MustCompile(`^[a-z_]+(\[\d+\])?(\.[a-z_]+(\[\d+\])?)*$`)

// validatable decodes data as the request kind names, with uploads (one
// name a line) beside a version request.
func validatable(kind uint8, data []byte, uploads string) (interface{ Validate() error }, bool) {
	var ups []api.Upload
	for name := range strings.Lines(uploads) {
		name = strings.TrimSuffix(name, "\n")
		ups = append(ups, api.Upload{Name: name, Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(name)), nil }})
	}
	var v interface{ Validate() error }
	switch kind % 5 {
	case 0:
		v = &api.CreateVersionRequest{Uploads: ups}
	case 1:
		v = &api.UpdateVersionRequest{Uploads: ups}
	case 2:
		v = &api.BulkPatch{}
	case 3:
		v = &api.InvitationRequest{}
	default:
		v = &api.ListVersionsOptions{}
	}
	return v, json.Unmarshal(data, v) == nil
}

// FuzzValidate checks request validation on any request: it never panics,
// is deterministic, leaves the request unchanged, blames a field by its
// interface name, and a version the client accepts and the sandbox
// refuses comes back with the sandbox's answer naming the field (the
// client checks only what the document states: issue 20.3).
func FuzzValidate(f *testing.F) {
	f.Add(uint8(0), []byte(`{"channel":"release","version":"9.9.9","name":"Nine","files":["a.jar"]}`), "a.jar")
	srv, run := sandboxtest.Start(f, sandbox.Options{})
	tok, err := srv.MintToken("alice")
	if err != nil {
		f.Fatal(err)
	}
	sb, err := api.New(run.BaseURL, api.WithHTTPClient(&http.Client{Transport: &counting{token: tok}}), api.WithMaxRetries(0))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, kind uint8, data []byte, uploads string) {
		v, ok := validatable(kind, data, uploads)
		if !ok {
			return
		}
		before, _ := json.Marshal(v)
		err := v.Validate()
		after, _ := json.Marshal(v)
		if string(before) != string(after) {
			t.Errorf("Validate changed %T: %s -> %s", v, before, after)
		}
		if again := v.Validate(); errString(again) != errString(err) {
			t.Errorf("Validate is not deterministic: %v, then %v", err, again)
		}
		var ve *api.ValidationError
		switch {
		case err != nil && !errors.As(err, &ve):
			t.Errorf("Validate = %T %v, want a *ValidationError", err, err)
		case err != nil && (!fieldName.MatchString(ve.Field) || ve.Rule == ""):
			t.Errorf("Validate = %q: the field is not an interface name, or no rule", err)
		case err == nil:
			switch r := v.(type) {
			case *api.CreateVersionRequest:
				createInSandbox(t, sb, r)
			case *api.UpdateVersionRequest:
				updateInSandbox(t, sb, r)
			}
		}
	})
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// createInSandbox sends a request the client accepted, in the release
// channel the seed has. A 400 must come back as the sandbox's answer,
// naming the field it refuses. A 409 (the version exists) is fine.
func createInSandbox(t *testing.T, sb *api.Client, r *api.CreateVersionRequest) {
	cp := *r
	cp.Channel = "release"
	_, _, err := sb.CreateVersion(t.Context(), "lumen", &cp)
	checkServerRefusal(t, cp, err)
}

// checkServerRefusal fails on a 400 that does not name a field as the
// interface does ("data.files[1]: …").
func checkServerRefusal(t *testing.T, req any, err error) {
	t.Helper()
	var e *api.Error
	if !errors.As(err, &e) || e.StatusCode != http.StatusBadRequest {
		return
	}
	field, rule, ok := strings.Cut(e.Message, ": ")
	if !ok || !fieldName.MatchString(field) || rule == "" {
		b, _ := json.Marshal(req)
		t.Errorf("the sandbox refused %s without naming the field and the rule: %v", b, err)
	}
}

// updateInSandbox sends an update the client accepted to lumen 1.0.0 (by
// ID, which no update changes), keeping only what the client can know to
// exist: the release channel, and files that are uploaded or external.
// A refusal must name the field, as in createInSandbox.
func updateInSandbox(t *testing.T, sb *api.Client, r *api.UpdateVersionRequest) {
	cp := *r
	if cp.Channel != nil {
		cp.Channel = api.Ptr("release")
	}
	if cp.Files != nil {
		cp.Files = slices.DeleteFunc(slices.Clone(cp.Files), func(f string) bool {
			return !strings.Contains(f, "://") && !slices.ContainsFunc(cp.Uploads, func(u api.Upload) bool { return u.Name == f })
		})
	}
	if cp.Validate() != nil {
		return
	}
	_, _, err := sb.UpdateVersion(t.Context(), "lumen", lumenV100, &cp)
	checkServerRefusal(t, cp, err)
}
