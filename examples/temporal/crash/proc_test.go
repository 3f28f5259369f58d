//go:build unix

package crash

import (
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// proc is a child process the test can SIGKILL and start again.
type proc struct {
	name string
	path string
	args []string
	log  string
	cmd  *exec.Cmd
	done chan struct{}
}

// start starts the process, its output appended to its log file.
func (p *proc) start(t *testing.T) {
	t.Helper()
	out, err := os.OpenFile(p.log, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	p.cmd = exec.Command(p.path, p.args...)
	p.cmd.Stdout, p.cmd.Stderr = out, out
	if err := p.cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", p.name, err)
	}
	p.done = make(chan struct{})
	go func() {
		_ = p.cmd.Wait()
		out.Close()
		close(p.done)
	}()
}

// kill sends SIGKILL and waits (at most 10 s) for the process to be gone.
func (p *proc) kill(t *testing.T) {
	t.Helper()
	if p.cmd == nil || p.cmd.Process == nil {
		return
	}
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	select {
	case <-p.done:
	case <-time.After(10 * time.Second):
		t.Fatalf("%s did not die within 10 s of SIGKILL", p.name)
	}
}

// freePort returns a TCP port on 127.0.0.1 nobody listens on now.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// build runs go build of pkg into dir and returns the binary's path.
func build(t *testing.T, dir, pkg, name string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	bin := filepath.Join(dir, name)
	start := time.Now()
	if out, err := exec.CommandContext(ctx, "go", "build", "-o", bin, pkg).CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", pkg, err, out)
	}
	t.Logf("built %s in %v", name, time.Since(start).Round(100*time.Millisecond))
	return bin
}

// cliVersion is the Temporal CLI whose dev server the test runs (the last
// release whose module builds from the proxy alone).
const cliVersion = "v1.5.1"

// temporalCLI returns the path of the temporal binary: EVALOPT_TEMPORAL_CLI,
// or the one built into the user cache, building it first if needed (at
// most 8 minutes, so that the test stays within go test's 10).
func temporalCLI(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("EVALOPT_TEMPORAL_CLI"); p != "" {
		return p
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	dir := filepath.Join(cache, "evalopt", "temporal-cli-"+cliVersion)
	bin := filepath.Join(dir, "temporal")
	if _, err := os.Stat(bin); err == nil {
		return bin
	}
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	start := time.Now()
	cmd := exec.CommandContext(ctx, "go", "install", "github.com/temporalio/cli/cmd/temporal@"+cliVersion)
	cmd.Env = append(os.Environ(), "GOBIN="+dir, "GOFLAGS=-buildvcs=false")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the Temporal CLI %s: %v\n%s", cliVersion, err, out)
	}
	t.Logf("built the Temporal CLI %s in %v", cliVersion, time.Since(start).Round(time.Second))
	return bin
}

func itoa(n int) string { return strconv.Itoa(n) }
