package e2e

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestCIDocJobs runs the publish commands of docs/ci.md's GitHub Actions
// and GitLab CI jobs, as written, against `rdash sandbox` (the real
// binary), in a directory where a jar built here stands in for Gradle's
// build/libs: the GitHub step publishes and writes the version's ID to
// $GITHUB_OUTPUT; the GitLab job's run finds it already published, exits
// 0 and writes the same ID to its dotenv report; a re-run of the GitHub
// step does too; a changed jar under the same version exits 1 and sends
// nothing.
func TestCIDocJobs(t *testing.T) {
	requireE2E(t)
	doc, err := os.ReadFile("../docs/ci.md")
	if err != nil {
		t.Fatal(err)
	}
	github, gitlab := githubPublishStep(t, ciJob(t, doc, "github")), gitlabPublishScript(t, ciJob(t, doc, "gitlab"))
	env := ciEnv(t, startSandbox(t))
	work := t.TempDir()
	buildLumen(t, work, "")

	out := filepath.Join(t.TempDir(), "github_output")
	stderr := runStep(t, work, append(env, github.env...), "GITHUB_OUTPUT="+out, github.run, 0)
	id := outputValue(t, out, "version-id")
	if strings.Contains(stderr, "already published") {
		t.Fatalf("the first run found the version already published:\n%s", stderr)
	}
	get := exec.Command(bin, "versions", "get", "lumen", "2.7.0-beta.1", "--jq", ".id")
	get.Dir, get.Env = work, env
	got, err := get.Output()
	if err != nil || strings.TrimSpace(string(got)) != id {
		t.Fatalf("versions get: %q, %v; the step wrote version-id=%s", got, err, id)
	}

	stderr = runStep(t, work, append(env, gitlab.env...), "", gitlab.script, 0)
	if again := outputValue(t, filepath.Join(work, gitlab.dotenv), "RDASH_VERSION_ID"); again != id || !strings.Contains(stderr, "it is already published; nothing was sent") {
		t.Errorf("the GitLab job after the GitHub one: RDASH_VERSION_ID=%s (want %s), stderr:\n%s", again, id, stderr)
	}
	stderr = runStep(t, work, append(env, github.env...), "GITHUB_OUTPUT="+out, github.run, 0)
	if again := outputValue(t, out, "version-id"); again != id || !strings.Contains(stderr, "already published") {
		t.Errorf("the re-run: version-id=%s (want %s), stderr:\n%s", again, id, stderr)
	}

	buildLumen(t, work, " rebuilt")
	stderr = runStep(t, work, append(env, github.env...), "GITHUB_OUTPUT="+out, github.run, 1)
	if !strings.Contains(stderr, "rdash cannot show that its files are these") || !strings.Contains(stderr, `"lumen-2.7.0-beta.1.jar" has `) {
		t.Errorf("a changed jar under the same version:\n%s", stderr)
	}
}

// ciJob is the YAML between <!-- ci-job: NAME --> and <!-- /ci-job -->.
func ciJob(t *testing.T, doc []byte, name string) []byte {
	t.Helper()
	_, rest, ok := bytes.Cut(doc, []byte("<!-- ci-job: "+name+" -->\n```yaml\n"))
	block, _, ok2 := bytes.Cut(rest, []byte("```\n<!-- /ci-job -->"))
	if !ok || !ok2 {
		t.Fatalf("docs/ci.md has no ci-job %s block", name)
	}
	return block
}

// step is a script to run and the variables the job sets as literals
// (PROJECT: lumen); those it takes from secrets and settings are the
// sandbox's, set by the test.
type step struct {
	run, script string
	env         []string
	dotenv      string
}

// githubPublishStep is the step of the workflow that runs rdash versions
// create, which must take RDASH_TOKEN from a secret.
func githubPublishStep(t *testing.T, block []byte) step {
	t.Helper()
	var wf struct {
		Jobs map[string]struct {
			Steps []struct {
				Run string
				Env map[string]string
			}
		}
	}
	if err := yaml.Unmarshal(block, &wf); err != nil {
		t.Fatalf("the GitHub workflow: %v", err)
	}
	var found []step
	for _, job := range wf.Jobs {
		for _, s := range job.Steps {
			if !strings.Contains(s.Run, "rdash versions create") {
				continue
			}
			if !strings.Contains(s.Env["RDASH_TOKEN"], "secrets.RDASH_TOKEN") {
				t.Errorf("the publish step takes RDASH_TOKEN from %q, not a secret", s.Env["RDASH_TOKEN"])
			}
			found = append(found, step{run: s.Run, env: literals(s.Env)})
		}
	}
	if len(found) != 1 {
		t.Fatalf("the GitHub workflow has %d steps that run rdash versions create, want 1", len(found))
	}
	return found[0]
}

// gitlabPublishScript is the rdash lines of the job that runs rdash
// versions create; the others build and install.
func gitlabPublishScript(t *testing.T, block []byte) step {
	t.Helper()
	var jobs map[string]struct {
		Variables map[string]string
		Script    []string
		Artifacts struct{ Reports struct{ Dotenv string } }
	}
	if err := yaml.Unmarshal(block, &jobs); err != nil {
		t.Fatalf("the GitLab CI file: %v", err)
	}
	var found []step
	for _, job := range jobs {
		var lines []string
		for _, l := range job.Script {
			if strings.HasPrefix(l, "rdash ") {
				lines = append(lines, l)
			}
		}
		if len(lines) > 0 {
			found = append(found, step{script: strings.Join(lines, "\n"), env: literals(job.Variables), dotenv: job.Artifacts.Reports.Dotenv})
		}
	}
	if len(found) != 1 || found[0].dotenv == "" || !strings.Contains(found[0].script, "rdash versions create") {
		t.Fatalf("the GitLab CI file: %+v, want one job that runs rdash versions create with a dotenv report", found)
	}
	return found[0]
}

// literals are the variables set to a value, not to ${{ … }}.
func literals(vars map[string]string) []string {
	var out []string
	for k, v := range vars {
		if !strings.Contains(v, "${{") {
			out = append(out, k+"="+v)
		}
	}
	return out
}

// runStep runs a step's script (or a GitLab job's lines) with bash -e, as
// both runners do, in work; it must exit with code; it returns stderr.
func runStep(t *testing.T, work string, env []string, output, script string, code int) string {
	t.Helper()
	if script == "" {
		t.Fatal("no script to run")
	}
	cmd := exec.Command("bash", "-e", "-c", script)
	cmd.Dir, cmd.Env = work, env
	if output != "" {
		cmd.Env = append(cmd.Env, output)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if got := cmd.ProcessState.ExitCode(); got != code {
		t.Fatalf("%s\nexit %d (%v), want %d; stderr:\n%s", script, got, err, code, stderr.String())
	}
	return stderr.String()
}

// outputValue is the last value of key in a KEY=VALUE file.
func outputValue(t *testing.T, path, key string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	value := ""
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, key+"="); ok {
			value = v
		}
	}
	if value == "" {
		t.Fatalf("%s has no %s:\n%s", path, key, b)
	}
	return value
}

// ciEnv is a runner's environment: rdash on PATH, the sandbox's base URL
// (the only setting docs/ci.md has a job set), a token alice signed in
// for with the scopes it names, and private config and state directories.
func ciEnv(t *testing.T, settings []string) []string {
	t.Helper()
	get := func(k string) string {
		for _, s := range settings {
			if v, ok := strings.CutPrefix(s, k+"="); ok {
				return v
			}
		}
		t.Fatalf("rdash sandbox did not print %s: %q", k, settings)
		return ""
	}
	tok := signIn(t, get("RDASH_AUTH_URL"), get("RDASH_CLIENT_ID"), get("RDASH_CLIENT_SECRET"), "project:read,project:version:create")
	dir := t.TempDir()
	return append(os.Environ(), "RDASH_BASE_URL="+get("RDASH_BASE_URL"), "PATH="+filepath.Dir(bin)+":"+os.Getenv("PATH"), "RDASH_TOKEN="+tok,
		"RDASH_CONFIG_DIR="+dir, "RDASH_STATE_DIR="+dir, "XDG_RUNTIME_DIR="+dir)
}

// signIn goes through the sandbox's authorization-code flow as alice, as
// the README's curl script does, and returns the access token.
func signIn(t *testing.T, authURL, clientID, secret, scopes string) string {
	t.Helper()
	const cb = "http://127.0.0.1:9/callback"
	hc := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := hc.PostForm(authURL+"/oauth/authorize", url.Values{"client_id": {clientID}, "redirect_uri": {cb},
		"scope": {scopes}, "state": {"st4te"}, "user": {"alice"}, "decision": {"approve"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc, err := resp.Location()
	if err != nil || loc.Query().Get("code") == "" {
		t.Fatalf("authorize: %s, %v", resp.Status, err)
	}
	resp, err = hc.PostForm(authURL+"/oauth/token", url.Values{"grant_type": {"authorization_code"}, "client_id": {clientID},
		"client_secret": {secret}, "code": {loc.Query().Get("code")}, "redirect_uri": {cb}})
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil || body.AccessToken == "" {
		t.Fatalf("token: %s, %v", resp.Status, err)
	}
	return body.AccessToken
}

// buildLumen writes what `./gradlew build` would: lumen's plugin jar and
// sources jar in build/libs, and the changelog; extra changes the jar.
func buildLumen(t *testing.T, work, extra string) {
	t.Helper()
	libs := filepath.Join(work, "build", "libs")
	if err := os.MkdirAll(libs, 0o755); err != nil {
		t.Fatal(err)
	}
	writeZip(t, filepath.Join(libs, "lumen-2.7.0-beta.1.jar"), map[string]string{
		"plugin.yml":                    "name: Lumen\nversion: 2.7.0-beta.1\nmain: org.example.lumen.Lumen\napi-version: '1.21'\ndepend: [ProtocolLib]\n",
		"org/example/lumen/Lumen.class": "classes" + extra})
	writeZip(t, filepath.Join(libs, "lumen-2.7.0-beta.1-sources.jar"), map[string]string{"org/example/lumen/Lumen.java": "class Lumen {}"})
	changelog := "# Changelog\n\n## [2.7.0-beta.1] - 2026-03-14\n- Lights follow you into the Nether.\n\n## [2.6.0] - 2026-01-02\n- Fixes.\n"
	if err := os.WriteFile(filepath.Join(work, "CHANGELOG.md"), []byte(changelog), 0o644); err != nil {
		t.Fatal(err)
	}
}

func writeZip(t *testing.T, path string, files map[string]string) {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, body := range files {
		w, err := zw.Create(name)
		if err == nil {
			_, err = w.Write([]byte(body))
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
