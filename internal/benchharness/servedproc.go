package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// The served step's readings of /proc: the server's memory and CPU, and
// how long its threads and the harness's waited for a CPU (on a machine
// shared with other work, what a latency's tail is made of).

// status reads a field of the server's /proc/PID/status, in kB.
func (r *servedRun) status(field string) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", r.cmd.Process.Pid))
	if err != nil {
		return 0, err
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, field+":"); ok {
			return strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
		}
	}
	return 0, fmt.Errorf("no %s in /proc/%d/status", field, r.cmd.Process.Pid)
}

// cpu is the server's user and system time so far.
func (r *servedRun) cpu() (time.Duration, error) { return procCPU(r.cmd.Process.Pid) }

// procCPU is a process's user and system time so far, from /proc/PID/stat
// (all its threads, in clock ticks of 10 ms).
func procCPU(pid int) (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// The command's name, in parentheses, may hold spaces: fields count
	// from after it. utime and stime are fields 14 and 15.
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	if len(f) < 13 {
		return 0, fmt.Errorf("/proc/%d/stat: %q", pid, b)
	}
	ut, err1 := strconv.ParseInt(f[11], 10, 64)
	st, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("/proc/%d/stat: %q", pid, b)
	}
	return time.Duration(ut+st) * 10 * time.Millisecond, nil
}

// runDelays is how long each thread of pid has waited, runnable, for a
// CPU so far, by thread id: the second field of each
// /proc/PID/task/TID/schedstat.
func runDelays(pid int) map[string]time.Duration {
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/schedstat", pid))
	m := map[string]time.Duration{}
	for _, t := range tasks {
		b, err := os.ReadFile(t)
		if f := strings.Fields(string(b)); err == nil && len(f) >= 2 {
			if ns, err := strconv.ParseInt(f[1], 10, 64); err == nil {
				m[filepath.Base(filepath.Dir(t))] = time.Duration(ns)
			}
		}
	}
	return m
}

// waitedSince is how long the threads in now waited since before; a
// thread that ended in between is not counted, so this may say less than
// the truth. It is -1 when a thread's count went backwards, which this
// kernel (6.18) was seen to do on a machine loaded to 7-9 on 2 CPUs: the
// figure is then not known.
func waitedSince(now, before map[string]time.Duration) time.Duration {
	var sum time.Duration
	for tid, d := range now {
		if d < before[tid] {
			return -1
		}
		sum += d - before[tid] // a thread started since: all of its wait
	}
	return sum
}

// servedUsage is the CPU the server and the harness had, and how long their
// threads waited for a CPU, at a moment, or between two (sub).
type servedUsage struct {
	took                    time.Duration // since the moment, for a difference
	at                      time.Time
	server, harness         time.Duration               // CPU time
	serverWait, harnessWait time.Duration               // runnable, waiting for a CPU
	delays                  [2]map[string]time.Duration // the server's threads', the harness's
	err                     error
}

// usageNow reads the server's and the harness's figures now.
func (r *servedRun) usageNow() servedUsage {
	u := servedUsage{at: time.Now(), delays: [2]map[string]time.Duration{runDelays(r.cmd.Process.Pid), runDelays(os.Getpid())}}
	var err1, err2 error
	u.server, err1 = r.cpu()
	u.harness, err2 = procCPU(os.Getpid())
	u.err = errors.Join(err1, err2)
	return u
}

// sub is what was used from before to u.
func (u servedUsage) sub(before servedUsage) servedUsage {
	return servedUsage{took: u.at.Sub(before.at), server: u.server - before.server, harness: u.harness - before.harness,
		serverWait: waitedSince(u.delays[0], before.delays[0]), harnessWait: waitedSince(u.delays[1], before.delays[1])}
}

// perSecond is d over each second of u.
func (u servedUsage) perSecond(d time.Duration) time.Duration {
	return d * time.Second / max(u.took, time.Millisecond)
}

// String says, a second, how much CPU the server and the harness used
// and how long their threads waited for one.
func (u servedUsage) String() string {
	ps := func(d time.Duration) string {
		if d < 0 {
			return "?"
		}
		return fmt.Sprintf("%.0f", ms(u.perSecond(d)))
	}
	return fmt.Sprintf("a second: server %s ms of CPU, waited %s ms for one; harness %s, waited %s",
		ps(u.server), ps(u.serverWait), ps(u.harness), ps(u.harnessWait))
}
