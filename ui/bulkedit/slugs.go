package bulkedit

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"rdash/api"
	"rdash/internal/bulk"
	"rdash/internal/safe"
)

// ProjectFinder finds a project's ID from its slug: the interface takes a
// project dependency by ID only, and has no project by slug, so rdash
// reads one of its versions (GET /versions/{versionId} names its
// project), or looks among the user's own projects.
type ProjectFinder interface {
	GetVersionByID(ctx context.Context, versionID string) (*api.Version, *api.Response, error)
	ListUserProjects(ctx context.Context, userID string) ([]api.Project, *api.Response, error)
}

// slugLike is what a dependency row takes as a project's slug rather than
// its ID: not ID-long, and made of what slugs are made of.
var slugLike = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

// isSlug reports that v, typed as a project, is a slug to look up.
func isSlug(v string) bool {
	return utf8.RuneCountInString(v) != api.IDLength && slugLike.MatchString(v)
}

// resolveSlugs puts the ID of each project a dependency names by slug in
// its place: notes say which (shown in the preview), refused is why one
// could not be found (the preview sends nothing then), err a failure to
// show with a retry.
func resolveSlugs(ctx context.Context, c Client, e bulk.Edit) (out bulk.Edit, notes []string, refused string, err error) {
	d := &e.Dependencies
	d.Set, d.Add, d.Remove = slices.Clone(d.Set), slices.Clone(d.Add), slices.Clone(d.Remove)
	found := map[string]string{}
	for _, list := range []*[]api.Dependency{&d.Set, &d.Add, &d.Remove} {
		for i, dep := range *list {
			if dep.ProjectID == "" || !isSlug(dep.ProjectID) {
				continue
			}
			id, ok := found[dep.ProjectID]
			if !ok {
				id, err = findProject(ctx, c, dep.ProjectID)
				var ve *api.ValidationError
				switch {
				case errors.As(err, &ve):
					return e, nil, ve.Rule, nil
				case err != nil:
					return e, nil, "", err
				}
				found[dep.ProjectID] = id
				notes = append(notes, fmt.Sprintf("project %s is %s", safe.Line(dep.ProjectID), safe.Reveal(id)))
			}
			(*list)[i].ProjectID = id
		}
	}
	return e, notes, "", nil
}

// findProject is the ID of the project slug: from one of its versions, or
// among the user's projects when it has none. A project neither finds is
// refused, as a ValidationError naming the slug.
func findProject(ctx context.Context, c Client, slug string) (string, error) {
	vs, _, err := c.ListVersions(ctx, slug, &api.ListVersionsOptions{Page: 1, PageSize: 1})
	switch {
	case errors.Is(err, api.ErrNotFound):
		return "", &api.ValidationError{Field: "dependencies", Rule: "no project " + safe.Line(slug) + ": type its slug or its ID"}
	case err != nil:
		return "", err
	case len(vs) > 0:
		v, _, err := c.GetVersionByID(ctx, vs[0].ID)
		if err == nil && v.ProjectID != "" {
			return v.ProjectID, nil
		}
	}
	ps, _, err := c.ListUserProjects(ctx, "@me")
	if err != nil {
		return "", err
	}
	for _, p := range ps {
		if p.Slug == slug {
			return p.ID, nil
		}
	}
	return "", &api.ValidationError{Field: "dependencies",
		Rule: "project " + safe.Line(slug) + " has no version to read its ID from, and is not one of yours: type its ID"}
}

// slugsAsIDs is e with an ID-long stand-in for each project typed by
// slug, to check the rest of the edit by the interface's rules: the
// preview puts the project's real ID in its place (resolveSlugs).
func slugsAsIDs(e bulk.Edit) bulk.Edit {
	d := &e.Dependencies
	for _, list := range []*[]api.Dependency{&d.Set, &d.Add, &d.Remove} {
		*list = slices.Clone(*list)
		for i, dep := range *list {
			if dep.ProjectID != "" && isSlug(dep.ProjectID) {
				(*list)[i].ProjectID = strings.Repeat("x", api.IDLength)
			}
		}
	}
	return e
}
