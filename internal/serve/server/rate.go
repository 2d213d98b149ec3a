package server

import "time"

// rate is what a session's frames say of its link: the round trip (the
// quickest confirmation of any frame), the bandwidth (from the frames
// big enough to measure it: the time each took beyond the round trip),
// and the size of a frame. A frame on a link found slow is followed by
// enough of a pause that frames take at most half the link: a held key
// on a slow line then costs fewer, fuller frames, as the fixed 10 frames
// a second did, while a fast link, whatever its round trip, gets all 60.
type rate struct {
	rtt       time.Duration // the quickest confirmation so far
	bandwidth float64       // bytes a second, 0 until a big frame measured it
	frame     float64       // bytes a frame, on average
}

// bigFrame is the smallest frame that measures the bandwidth: a smaller
// one's time is mostly the round trip and the server's own delays.
const bigFrame = 1024

// maxInterval bounds the pause after a frame, however slow the link.
const maxInterval = time.Second

// observe takes a frame of n bytes that the client confirmed took after
// it was written, and returns how long after its start the next frame
// may begin.
func (r *rate) observe(n int, took time.Duration) time.Duration {
	if r.rtt == 0 || took < r.rtt {
		r.rtt = took
	}
	if n >= bigFrame && took > r.rtt {
		r.bandwidth = average(r.bandwidth, float64(n)/(took-r.rtt).Seconds(), 0.5)
	}
	r.frame = average(r.frame, float64(n), 0.25)
	if r.bandwidth == 0 {
		return 0
	}
	return min(time.Duration(r.frame/(r.bandwidth/2)*float64(time.Second)), maxInterval)
}

// average moves an exponentially weighted average avg by weight towards
// sample; a first sample (avg 0) is taken as it is.
func average(avg, sample, weight float64) float64 {
	if avg == 0 {
		return sample
	}
	return avg + weight*(sample-avg)
}
