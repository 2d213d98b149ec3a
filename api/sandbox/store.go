package sandbox

import "slices"

// idChars are the characters of the default profile's IDs.
const idChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

func newState(prof *Choices) *state {
	return &state{
		idChars:      prof.IDChars,
		strongHashes: prof.StrongHashes,
		appByID:      map[string]*app{},
		userBy:       map[string]*user{},
		orgBy:        map[string]*org{},
		projBy:       map[string]*project{},
		versions:     map[string]*version{},
		files:        map[string]*file{},
		ids:          map[string]bool{},
		grants:       map[grantKey][]string{},
		codes:        map[string]*authCode{},
		tokens:       map[string]*session{},
		refreshes:    map[string]*session{},
	}
}

// freshID returns an ID of 8 of st.idChars that no version or file has
// ever had, drawing characters with intN (seeded when generating, so the
// generated IDs are the same on every run).
func (st *state) freshID(intN func(int) int) string {
	for {
		b := make([]byte, 8)
		for i := range b {
			b[i] = st.idChars[intN(len(st.idChars))]
		}
		if id := string(b); !st.ids[id] {
			st.ids[id] = true
			return id
		}
	}
}

// add adds a new version to its project and registers it.
func (st *state) add(v *version) {
	v.project.insert(v)
	st.register(v)
}

// register makes a version and its files reachable by ID.
func (st *state) register(v *version) {
	st.versions[v.id] = v
	st.rememberFiles(v.files)
}

// remove deletes versions of p with their files.
func (st *state) remove(p *project, gone map[*version]bool) {
	p.versions = slices.DeleteFunc(p.versions, func(v *version) bool { return gone[v] })
	for v := range gone {
		delete(st.versions, v.id)
		st.forgetFiles(v.files)
	}
}

func (st *state) rememberFiles(fs []*file) {
	for _, f := range fs {
		st.files[f.id] = f
	}
}

func (st *state) forgetFiles(fs []*file) {
	for _, f := range fs {
		delete(st.files, f.id)
	}
}
