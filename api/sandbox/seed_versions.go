package sandbox

import (
	"fmt"
	"time"
)

// loadVersion checks a hand-written version of the seed with the rules of a
// create request and adds it to p.
func (st *state) loadVersion(p *project, sv seedVersion) error {
	ch := p.channel(sv.Channel)
	if ch == nil {
		return fmt.Errorf("channel: no channel %q", sv.Channel)
	}
	v := &version{
		id: sv.ID, version: sv.Version, name: sv.Name, changelog: sv.Changelog, channel: ch,
		downloads: sv.Downloads, createdAt: sv.CreatedAt, project: p,
	}
	v.lists = replaceLists(ch.defaults.clone(), sv.MinecraftVersions, sv.Platforms, sv.Dependencies)
	err := firstError(
		checkText("version", v.version, maxVersionLen),
		checkText("name", v.name, maxNameLen),
		checkGameVersions("minecraft_versions", v.minecraftVersions),
		checkPlatforms("platforms", v.platforms),
		checkDependencies("dependencies", v.dependencies),
		st.claimID(v.id),
	)
	switch {
	case err != nil:
		return err
	case v.createdAt.IsZero():
		return fmt.Errorf("created_at: required")
	case p.withVersion(v.version) != nil:
		return fmt.Errorf("version: %q is used twice", v.version)
	}
	if v.files, err = st.loadFiles(sv.Files, v.createdAt); err != nil {
		return err
	}
	st.add(v)
	return nil
}

// claimID reserves a seed's version or file ID.
func (st *state) claimID(id string) error {
	switch {
	case !isID(id):
		return fmt.Errorf("id: %q is not 8 characters of A-Z, a-z, 0-9", id)
	case st.ids[id]:
		return fmt.Errorf("id: %q is used twice", id)
	}
	st.ids[id] = true
	return nil
}

func (st *state) loadFiles(sfs []seedVersionFile, at time.Time) ([]*file, error) {
	if len(sfs) == 0 {
		return nil, fmt.Errorf("files: at least one is required")
	}
	out := make([]*file, len(sfs))
	for i, sf := range sfs {
		field := fmt.Sprintf("files[%d]", i)
		if err := st.claimID(sf.ID); err != nil {
			return nil, fmt.Errorf("%s.%w", field, err)
		}
		fileAt := at
		if !sf.CreatedAt.IsZero() {
			fileAt = sf.CreatedAt
		}
		switch {
		case sf.ExternalURL != "" && sf.Name == "" && sf.Content == "":
			out[i] = externalFile(sf.ID, sf.ExternalURL, fileAt)
			if err := checkURL(field+".external_url", sf.ExternalURL, maxURLLen); err != nil {
				return nil, err
			}
		case sf.ExternalURL == "" && sf.Content != "":
			out[i] = uploadedFile(sf.ID, sf.Name, memContent([]byte(sf.Content), st.strongHashes), fileAt)
			if err := checkFileName(field+".name", sf.Name); err != nil {
				return nil, err
			}
		default:
			return nil, fmt.Errorf("%s: needs either name and content, or external_url alone", field)
		}
	}
	return out, noDuplicates("files", out, func(f *file) string { return f.name })
}
