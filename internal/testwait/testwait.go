// Package testwait says how long a test waits for something to happen.
package testwait

import (
	"testing"
	"time"
)

// Limit is how long a test waits for something to happen (a screen, a
// reply, a process to end): until 30 s before the deadline go test
// -timeout gives the test binary, or 10 minutes without one. A fixed
// limit fails a test that would pass on a machine slowed by its
// neighbours (a ui test once took 227 s beside a cold CI build, where a
// wait of 10 s ran out); this one still fails a test that would hang,
// naming what it waited for, before the binary is killed.
func Limit(t testing.TB) time.Duration {
	if dt, ok := t.(interface{ Deadline() (time.Time, bool) }); ok {
		if deadline, ok := dt.Deadline(); ok {
			return max(time.Until(deadline)-30*time.Second, time.Second)
		}
	}
	return 10 * time.Minute
}
