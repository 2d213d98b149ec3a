package server

import "time"

// rate is what a session's frames say of its link: the round trip (the
// quickest confirmation of any frame), the bandwidth (from the frames
// big enough to measure it: the time each took beyond the round trip),
// and the size of a frame. A frame on a link found slow is followed by
// enough of a pause that frames take at most half the link: a held key
// on a slow line then costs fewer, fuller frames, as the fixed 10 frames
// a second did, while a fast link, whatever its round trip, gets all 60.
//
// The bandwidth is the best of the last few measures within a while: a
// big frame that waited for the server's CPU rather than for the link
// (a hundred sessions paging at once) says the link is slow when it is
// not, and must not slow the session down for the rest of its life.
type rate struct {
	rtt     time.Duration // the quickest confirmation so far
	samples [bandwidthSamples]bandwidth
	next    int     // where the next sample goes
	frame   float64 // bytes a frame, on average
}

// bandwidth is one measure of the link, in bytes a second, and when.
type bandwidth struct {
	at  time.Time
	bps float64
}

const (
	// bigFrame is the smallest frame that measures the bandwidth: a
	// smaller one's time is mostly the round trip and the server's own
	// delays.
	bigFrame = 1024
	// bandwidthSamples and bandwidthFor are how many measures, and for
	// how long, the bandwidth is the best of.
	bandwidthSamples = 3
	bandwidthFor     = 10 * time.Second
	// maxInterval bounds the pause after a frame, however slow the link.
	maxInterval = time.Second
)

// observe takes a frame of n bytes that the client confirmed took after
// it was written, at now, and returns how long after its start the next
// frame may begin.
func (r *rate) observe(n int, took time.Duration, now time.Time) time.Duration {
	if r.rtt == 0 || took < r.rtt {
		r.rtt = took
	}
	if n >= bigFrame && took > r.rtt {
		r.samples[r.next] = bandwidth{at: now, bps: float64(n) / (took - r.rtt).Seconds()}
		r.next = (r.next + 1) % bandwidthSamples
	}
	r.frame = average(r.frame, float64(n), 0.25)
	best := 0.0
	for _, s := range r.samples {
		if now.Sub(s.at) < bandwidthFor {
			best = max(best, s.bps)
		}
	}
	if best == 0 {
		return 0
	}
	return min(time.Duration(r.frame/(best/2)*float64(time.Second)), maxInterval)
}

// average moves an exponentially weighted average avg by weight towards
// sample; a first sample (avg 0) is taken as it is.
func average(avg, sample, weight float64) float64 {
	if avg == 0 {
		return sample
	}
	return avg + weight*(sample-avg)
}
