package bulk

import (
	"fmt"
	"slices"
	"strings"

	"rdash/api"
	"rdash/internal/verify"
)

// FollowUp is a second edit rdash offers when the server's answer shows
// it read the first otherwise than meant: the interface leaves open which
// item of data.files does what and which file becomes primary, so rdash
// learns this server's reading from its answer and, where it knows a
// request that gets the user's intent under that reading, offers it. The
// follow-up is previewed and asked for like any edit, and its answer is
// checked the same way.
type FollowUp struct {
	// Why says what the answer showed and what the follow-up sends.
	Why string
	// Edit is the follow-up, on the version as the server holds it.
	Edit *Single
}

// FollowUp returns the follow-up of an edit whose answer res shows the
// server read data.files otherwise, or nil when the answer shows no such
// thing or rdash knows no request that would help:
//
//   - additions (the server kept files the list left out): data.files
//     naming only the files to remove, which a server that reads each
//     item as a change takes as their removal; one that only ever adds
//     keeps them again, and the follow-up's own check says so;
//   - the last file listed made primary, not the first: the same files
//     with the one meant to be primary last.
func (s *Single) FollowUp(res *SingleResult) *FollowUp {
	if res == nil || res.Version == nil || s.Request.Files == nil || s.followUp {
		return nil
	}
	switch f := res.Files; {
	case f.Additions:
		return s.removeKept(*res.Version, f.Kept)
	case f.Primary != "" && len(f.Kept) == 0 && s.primaryIsLast(f.Primary):
		return s.primaryLast(*res.Version, f.Primary)
	}
	return nil
}

// removeKept is the follow-up that names only the files kept.
func (s *Single) removeKept(now api.Version, kept []string) *FollowUp {
	var intent []verify.File
	for _, k := range FileKeys(now.Files) {
		if !slices.Contains(kept, k) {
			intent = append(intent, verify.File{Name: k})
		}
	}
	names := strings.Join(kept, ", ")
	return &FollowUp{
		Why: fmt.Sprintf("This server reads data.files as additions, so %s could not remove %s. A follow-up can send data.files "+
			"naming only %s, which a server that reads each item as a change takes as a removal; rdash checks its answer too.",
			s.Op, names, names),
		Edit: &Single{Project: s.Project, Before: now, Request: api.UpdateVersionRequest{Files: slices.Clone(kept)},
			Files: intent, Op: "this follow-up", followUp: true},
	}
}

// Stuck says, after a follow-up, that the server still holds files it
// meant to remove, or still made another file primary, and what to do:
// rdash knows no request that does it. Both "" when the follow-up did
// what it meant, or s is not one.
func (s *Single) Stuck(res *SingleResult) (why, fix string) {
	if !s.followUp || res == nil {
		return "", ""
	}
	if len(res.Files.Kept) > 0 {
		names := strings.Join(res.Files.Kept, ", ")
		return fmt.Sprintf("The server kept %s again: it removes no file that data.files names or leaves out, and the "+
			"interface has no other way to remove one.", names), "remove " + names + " on the service itself"
	}
	if p := res.Files.Primary; p != "" && len(s.Files) > 0 && s.primaryIsLast(s.Files[0].Name) {
		return fmt.Sprintf("The server made %s primary again, with %s listed first before and listed last now: "+
			"which file it makes primary does not follow data.files's order, and the interface has no other way to choose it.",
			p, s.Files[0].Name), "make " + s.Files[0].Name + " primary on the service itself"
	}
	return "", ""
}

// primaryIsLast reports that the server made primary the last item of
// the list sent.
func (s *Single) primaryIsLast(primary string) bool {
	fs := s.Request.Files
	return len(fs) > 1 && fs[len(fs)-1] == primary
}

// primaryLast is the follow-up that lists the file meant to be primary
// last, as this server took the last listed, made, for primary.
func (s *Single) primaryLast(now api.Version, made string) *FollowUp {
	want := s.Files[0].Name
	var send []string
	intent := []verify.File{{Name: want}}
	for _, k := range s.Request.Files {
		if k != want {
			send = append(send, k)
			intent = append(intent, verify.File{Name: k})
		}
	}
	send = append(send, want)
	why := fmt.Sprintf("This server made the last file listed primary, not the first. A follow-up sends the same files "+
		"with %s last, to make it primary; rdash checks its answer too.", want)
	if wasPrimary(s.Before.Files, made) {
		// The answer cannot tell two readings apart: the file made
		// primary is both the last listed and the primary before.
		why = fmt.Sprintf("The server made %s primary, the file listed last and the primary before %s: this server takes "+
			"the last file listed for primary, or keeps the primary a version has. A follow-up sends the same files with %s "+
			"last, which makes it primary on a server that takes the last; rdash checks its answer too.", made, s.Op, want)
	}
	return &FollowUp{
		Why: why,
		Edit: &Single{Project: s.Project, Before: now, Request: api.UpdateVersionRequest{Files: send}, Files: intent,
			Op: "this follow-up", followUp: true},
	}
}

// wasPrimary reports that the file keyed k was primary in files.
func wasPrimary(files []api.File, k string) bool {
	return slices.ContainsFunc(files, func(f api.File) bool { return f.IsPrimary && verify.Key(f) == k })
}
