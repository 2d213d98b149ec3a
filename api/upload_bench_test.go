package api_test

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
)

// BenchmarkUpload200MB uploads a generated file (200 MiB, or
// RDASH_BENCH_UPLOAD_MB; at most 256, the per-file limit) to an
// in-process sandbox and reports how far the process's peak resident set
// grew over its size before the upload (peak-rss-growth-MiB), and fails
// beyond maxUploadRSSGrowthMiB: the client streams from disk and the
// sandbox spools to disk beyond 4 MiB, so neither holds the file. A
// memory bound, not a timed test: run it once,
//
//	go test -run='^$' -bench='^BenchmarkUpload200MB$' -benchtime=1x ./api/
//
// The peak is reset through /proc/self/clear_refs (Linux); elsewhere the
// metric is not reported.
func BenchmarkUpload200MB(b *testing.B) {
	mib := 200
	if s := os.Getenv("RDASH_BENCH_UPLOAD_MB"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || int64(n)<<20 > sandbox.DefaultMaxFileBytes {
			b.Fatalf("RDASH_BENCH_UPLOAD_MB=%q: want 1..%d", s, sandbox.DefaultMaxFileBytes>>20)
		}
		mib = n
	}
	path, sum := generateFile(b, int64(mib)<<20)
	srv, run := sandboxtest.Start(b, sandbox.Options{UploadDir: b.TempDir()})
	tok, err := srv.MintToken("alice")
	if err != nil {
		b.Fatal(err)
	}
	c, err := api.New(run.BaseURL, api.WithHTTPClient(&http.Client{Transport: &sandboxtest.Bearer{Token: tok}}))
	if err != nil {
		b.Fatal(err)
	}
	name := filepath.Base(path)
	base, resetOK := resetPeakRSS()
	b.SetBytes(int64(mib) << 20)
	b.ResetTimer()
	start := time.Now()
	i := 0
	for b.Loop() {
		v, _, err := c.CreateVersion(b.Context(), "lumen", &api.CreateVersionRequest{
			Channel: "beta", Version: fmt.Sprintf("bench-%d", i), Name: "Benchmark upload", Files: []string{name},
			Uploads: []api.Upload{{Name: name, Open: func() (io.ReadCloser, error) { return os.Open(path) }}}})
		if err != nil {
			b.Fatal(err)
		}
		if got, _ := v.Files[0].StrongestChecksum(); got.Hex != sum || v.Files[0].Size != int64(mib)<<20 {
			b.Fatalf("the sandbox stored %d bytes with sha256 %s, want %d bytes with %s", v.Files[0].Size, got, int64(mib)<<20, sum)
		}
		i++
	}
	elapsed := time.Since(start)
	b.StopTimer()
	if peak, ok := procStatusKiB("VmHWM"); ok && resetOK {
		growth := float64(peak-base) / 1024
		b.ReportMetric(growth, "peak-rss-growth-MiB")
		b.ReportMetric(float64(peak)/1024, "peak-rss-MiB")
		// A memory bound, not a time one: holding the file anywhere
		// would add its whole size.
		if growth > maxUploadRSSGrowthMiB {
			b.Errorf("peak RSS grew by %.1f MiB uploading %d MiB, over the %d MiB budget: something holds the upload in memory", growth, mib, maxUploadRSSGrowthMiB)
		}
	}
	b.ReportMetric(float64(mib*i)/elapsed.Seconds(), "MiB/s")
}

// maxUploadRSSGrowthMiB is the budget of BenchmarkUpload200MB (issue 11:
// under 30 MB).
const maxUploadRSSGrowthMiB = 28

// generateFile writes n pseudo-random bytes in 1 MiB chunks and returns
// the path and their SHA-256.
func generateFile(b *testing.B, n int64) (string, string) {
	b.Helper()
	p := filepath.Join(b.TempDir(), "bench-upload.jar")
	fh, err := os.Create(p)
	if err != nil {
		b.Fatal(err)
	}
	defer fh.Close()
	h := sha256.New()
	w := io.MultiWriter(fh, h)
	chunk := make([]byte, 1<<20)
	rng := rand.NewChaCha8([32]byte{7})
	for left := n; left > 0; left -= int64(len(chunk)) {
		rng.Read(chunk)
		if _, err := w.Write(chunk[:min(int64(len(chunk)), left)]); err != nil {
			b.Fatal(err)
		}
	}
	if err := fh.Close(); err != nil {
		b.Fatal(err)
	}
	return p, hex.EncodeToString(h.Sum(nil))
}

// resetPeakRSS resets the kernel's peak resident set (VmHWM) to the
// current one and returns that, in KiB.
func resetPeakRSS() (int64, bool) {
	if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
		return 0, false
	}
	return procStatusKiB("VmRSS")
}

// procStatusKiB reads one "Key:   123 kB" line of /proc/self/status.
func procStatusKiB(key string) (int64, bool) {
	fh, err := os.Open("/proc/self/status")
	if err != nil {
		return 0, false
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok || k != key {
			continue
		}
		n, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
		return n, err == nil
	}
	return 0, false
}
