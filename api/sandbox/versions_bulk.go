package sandbox

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
)

// patchVersions serves PATCH /projects/{projectId}/versions: the same change
// to several versions, all or nothing.
func (s *Server) patchVersions(w http.ResponseWriter, r *http.Request) {
	if !s.locked(w, func() error { _, err := s.mayChange(r, scopeVersionUpdate); return err }) {
		return
	}
	ids, err := s.prof.parseIDs(r.URL.Query())
	var b wireBulkPatch
	if err == nil {
		err = readJSONBody(r, &b)
	}
	ops := newBulkOps(&b)
	if err == nil {
		err = ops.check(s.prof, &b)
	}
	if err != nil {
		s.writeError(w, err)
		return
	}
	status := http.StatusOK
	if s.prof.BulkAnswer == BulkNoContent {
		status = http.StatusNoContent
	}
	s.respond(w, status, func() (envelope, error) {
		vs, err := s.bulkTargets(r, scopeVersionUpdate, ids)
		if err != nil {
			return envelope{}, err
		}
		return s.applyBulk(vs, &b, ops)
	})
}

// bulkAnswer is a bulk PATCH's answer, as the choices say: every updated
// version, one of them (the first or the last of ids, as the interface's
// "`data` object with the Version fields" reads), or no body.
func (s *Server) bulkAnswer(out []wireVersion) envelope {
	switch s.prof.BulkAnswer {
	case BulkFirst:
		return envelope{Data: out[0]}
	case BulkLast:
		return envelope{Data: out[len(out)-1]}
	case BulkEmpty, BulkNoContent:
		return envelope{bare: true}
	}
	return envelope{Data: out}
}

func (s *Server) applyBulk(vs []*version, b *wireBulkPatch, ops bulkOps) (envelope, error) {
	p := vs[0].project
	ch := vs[0].channel
	if b.Channel != nil {
		if ch = p.channel(*b.Channel); ch == nil {
			return envelope{}, badRequestf("channel", "no channel %q in project %s", *b.Channel, p.slug)
		}
	}
	next := make([]lists, len(vs))
	for i, v := range vs {
		next[i] = ops.apply(v.lists)
		if err := noDuplicates("dependencies", next[i].dependencies, target); err != nil {
			return envelope{}, badRequestf("add_dependencies", "version %s would reference one target twice: %v", v.id, err)
		}
	}
	out := make([]wireVersion, len(vs))
	for i, v := range vs {
		v.lists = next[i]
		if b.Channel != nil {
			v.channel = ch
		}
		if b.Name != nil {
			v.name = *b.Name
		}
		if b.Changelog != nil {
			v.changelog = *b.Changelog
		}
		out[i] = v.toWire(viewFull)
	}
	return s.bulkAnswer(out), nil
}

// deleteVersions serves DELETE /projects/{projectId}/versions, all or nothing.
func (s *Server) deleteVersions(w http.ResponseWriter, r *http.Request) {
	if !s.locked(w, func() error { _, err := s.mayChange(r, scopeVersionDelete); return err }) {
		return
	}
	ids, err := s.prof.parseIDs(r.URL.Query())
	if err != nil {
		s.writeError(w, err)
		return
	}
	s.respondBare(w, http.StatusNoContent, func() (envelope, error) {
		vs, err := s.bulkTargets(r, scopeVersionDelete, ids)
		if err != nil {
			return envelope{}, err
		}
		gone := make(map[*version]bool, len(vs))
		for _, v := range vs {
			gone[v] = true
		}
		s.st.remove(vs[0].project, gone)
		return envelope{}, nil
	})
}

// bulkTargets checks the caller again and returns the versions of ids, or a
// 404 naming every ID the project lacks.
func (s *Server) bulkTargets(r *http.Request, perm string, ids []string) ([]*version, error) {
	p, err := s.mayChange(r, perm)
	if err != nil {
		return nil, err
	}
	var vs []*version
	var missing []string
	for _, id := range ids {
		if v := s.st.versions[id]; v != nil && v.project == p {
			vs = append(vs, v)
		} else {
			missing = append(missing, id)
		}
	}
	if len(missing) > 0 {
		return nil, notFound("no versions %s in project %s; nothing was changed", strings.Join(missing, ","), p.slug)
	}
	return vs, nil
}

// bulkOps are the list operations of a bulk patch.
type bulkOps struct {
	games, platforms listOp[string]
	deps             listOp[wireDependency]
}

func newBulkOps(b *wireBulkPatch) bulkOps {
	return bulkOps{
		games:     listOp[string]{"minecraft_versions", b.MinecraftVersions, b.AddMinecraftVersions, b.RemoveMinecraftVersions, identity},
		platforms: listOp[string]{"platforms", b.Platforms, b.AddPlatforms, b.RemovePlatforms, identity},
		deps:      listOp[wireDependency]{"dependencies", b.Dependencies, b.AddDependencies, b.RemoveDependencies, depKey},
	}
}

// check checks the patch by the interface's rules and the profile's own,
// keeping a list value repeated in the request once where the profile
// allows repeats.
func (o *bulkOps) check(p *Choices, b *wireBulkPatch) error {
	err := firstError(
		optional(b.Name, func(n string) error { return p.text("name", n, maxNameLen) }),
		o.games.check(p, p.gameVersions),
		o.platforms.check(p, p.platforms),
		o.deps.check(p, p.dependencies),
	)
	if err == nil && p.OwnRules && b.Channel == nil && b.Name == nil && b.Changelog == nil && o.games.empty() && o.platforms.empty() && o.deps.empty() {
		return badRequest("body", "names no field to change")
	}
	return err
}

func (o bulkOps) apply(l lists) lists {
	return lists{o.games.apply(l.minecraftVersions), o.platforms.apply(l.platforms), o.deps.apply(l.dependencies)}
}

// listOp is a replace, or an add and remove, on one list field.
type listOp[T any] struct {
	field                string
	replace, add, remove []T
	key                  func(T) string
}

func (op listOp[T]) empty() bool { return op.replace == nil && op.add == nil && op.remove == nil }

// check checks the operation and each of its lists with items, keeping
// the lists items returns. Adding and removing one value is refused by the
// profile's own rules; otherwise remove, then add, applies.
func (op *listOp[T]) check(p *Choices, items func(field string, xs []T) ([]T, error)) error {
	if op.replace != nil && (op.add != nil || op.remove != nil) {
		return badRequestf(op.field, "replaces the list and cannot be combined with add_%s or remove_%s", op.field, op.field)
	}
	var errs [3]error
	op.replace, errs[0] = items(op.field, op.replace)
	op.add, errs[1] = items("add_"+op.field, op.add)
	op.remove, errs[2] = items("remove_"+op.field, op.remove)
	if err := firstError(errs[:]...); err != nil || !p.OwnRules {
		return err
	}
	for i, x := range op.add {
		if op.has(op.remove, op.key(x)) {
			return badRequestf(fmt.Sprintf("add_%s[%d]", op.field, i), "%s is also in remove_%s", op.key(x), op.field)
		}
	}
	return nil
}

// apply removes, then adds what is not there yet, keeping the order.
func (op listOp[T]) apply(cur []T) []T {
	if op.replace != nil {
		return slices.Clone(op.replace)
	}
	out := slices.DeleteFunc(slices.Clone(cur), func(x T) bool { return op.has(op.remove, op.key(x)) })
	for _, x := range op.add {
		if !op.has(out, op.key(x)) {
			out = append(out, x)
		}
	}
	return out
}

func (op listOp[T]) has(xs []T, key string) bool {
	return slices.ContainsFunc(xs, func(x T) bool { return op.key(x) == key })
}
