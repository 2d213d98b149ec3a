package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// moduleRoot is the directory of rdash's go.mod, found from the working
// directory.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", errors.New("run from inside the rdash module (go run ./internal/benchharness)")
	}
	b, err := os.ReadFile(mod)
	if err != nil {
		return "", err
	}
	if !strings.HasPrefix(string(b), "module rdash\n") {
		return "", fmt.Errorf("%s is not rdash's go.mod", mod)
	}
	return filepath.Dir(mod), nil
}

// exportRev writes the tree of rev into dir/src with git archive (which
// touches neither the working tree nor the index) and returns it.
func exportRev(root, rev, dir string) (string, error) {
	src := filepath.Join(dir, "src")
	if err := os.Mkdir(src, 0o755); err != nil {
		return "", err
	}
	archive := exec.Command("git", "archive", "--format=tar", rev)
	archive.Dir = root
	untar := exec.Command("tar", "-x", "-C", src)
	pipe, err := archive.StdoutPipe()
	if err != nil {
		return "", err
	}
	untar.Stdin = pipe
	var errs strings.Builder
	archive.Stderr, untar.Stderr = &errs, &errs
	if err := untar.Start(); err != nil {
		return "", err
	}
	aerr := archive.Run()
	uerr := untar.Wait()
	if aerr != nil || uerr != nil {
		return "", fmt.Errorf("git archive %s: %v %v\n%s", rev, aerr, uerr, errs.String())
	}
	return src, nil
}

// source names what was measured: a commit, or the working tree on top
// of one.
func source(rev string) string {
	name := rev
	if name == "" {
		name = "HEAD"
	}
	out, err := exec.Command("git", "rev-parse", "--short", name).Output()
	id := strings.TrimSpace(string(out))
	if err != nil {
		id = "unknown commit"
	}
	if rev != "" {
		return fmt.Sprintf("%s (%s)", rev, id)
	}
	if out, err := exec.Command("git", "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(out) > 0 {
		return fmt.Sprintf("the working tree, with uncommitted changes, on %s", id)
	}
	return fmt.Sprintf("the working tree at %s", id)
}

// machine describes where the batch ran.
func machine(root string) map[string]string {
	m := map[string]string{
		"cpus": fmt.Sprint(runtime.NumCPU()), "go": runtime.Version(),
		"os": runtime.GOOS + "/" + runtime.GOARCH, "date": time.Now().UTC().Format("2006-01-02 15:04 UTC"),
	}
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "MemTotal:"); ok {
				var kb int64
				fmt.Sscan(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), &kb)
				m["memory"] = fmt.Sprintf("%.1f GiB", float64(kb)/(1<<20))
			}
		}
	}
	if b, err := os.ReadFile("/proc/sys/kernel/osrelease"); err == nil {
		m["kernel"] = "Linux " + strings.TrimSpace(string(b))
	}
	if b, err := os.ReadFile(filepath.Join(root, "go.mod")); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if f := strings.Fields(line); len(f) >= 2 && f[0] == "charm.land/bubbletea/v2" {
				m["bubbletea"] = f[1]
			}
		}
	}
	return m
}
