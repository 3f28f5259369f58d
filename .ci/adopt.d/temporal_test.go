//go:build unix

package reply

// The adoption check's harness for the Temporal snippet of
// docs/adapters.md: it runs review against a real Temporal dev server on
// 127.0.0.1 (the Temporal CLI v1.5.1, built once into the user cache as the
// crash test of examples/temporal does, or EVALOPT_TEMPORAL_CLI). It runs
// when EVALOPT_TEMPORAL_CRASH=1 (.ci/test sets it under CI); elsewhere the
// snippet is only compiled and vetted.

import (
	"context"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/log"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

const cliVersion = "v1.5.1"

var quiet = log.NewStructuredLogger(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError})))

// roles draft a promise, ask for its removal once, then pass.
func roles() loop.Roles[string] {
	return loop.Roles[string]{
		Generator: loop.GeneratorFunc[string](func(context.Context, evaluator.Task) (string, error) {
			return "Your money is on its way!", nil
		}),
		Evaluator: evaluator.Func[string](func(_ context.Context, _ evaluator.Task, reply string) (evaluator.EvaluationDecision, error) {
			if strings.Contains(reply, "on its way") {
				return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.4,
					RevisionInstructions: []string{"Do not promise the refund."}}, nil
			}
			return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9}, nil
		}),
		Reviser: loop.ReviserFunc[string](func(context.Context, evaluator.Task, string, evaluator.EvaluationDecision) (string, error) {
			return "Your refund request is under review.", nil
		}),
	}
}

func TestSnippet(t *testing.T) {
	if os.Getenv("EVALOPT_TEMPORAL_CRASH") == "" {
		t.Skip("set EVALOPT_TEMPORAL_CRASH=1 to run the snippet against a Temporal dev server")
	}
	addr := startServer(t)
	c := dial(t, addr)
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	res, err := review(ctx, c, roles(), evaluator.Task{ID: "refund-1", Input: "My blender arrived cracked."})
	if err != nil || res.Outcome != loop.OutcomeSucceeded || res.Revisions != 1 || res.Candidate != "Your refund request is under review." {
		t.Fatalf("review: %s after %d revisions: %q, %v", res.Outcome, res.Revisions, res.Candidate, err)
	}
}

// startServer starts a dev server on a free port, stopped when t ends.
func startServer(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
	l.Close()
	dir := t.TempDir()
	cmd := exec.Command(temporalCLI(t), "server", "start-dev", "--headless", "--ip", "127.0.0.1", "--port", port,
		"--db-filename", filepath.Join(dir, "temporal.db"), "--log-level", "error")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGKILL)
		_ = cmd.Wait()
	})
	return "127.0.0.1:" + port
}

// dial connects to the server at addr, waiting (at most 90 s) for it to
// answer.
func dial(t *testing.T, addr string) client.Client {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		c, err := client.DialContext(ctx, client.Options{HostPort: addr, Logger: quiet})
		if err == nil {
			_, err = c.WorkflowService().DescribeNamespace(ctx, &workflowservice.DescribeNamespaceRequest{Namespace: "default"})
			if err == nil {
				cancel()
				return c
			}
			c.Close()
		}
		cancel()
		if time.Now().After(deadline) {
			t.Fatalf("the Temporal server at %s did not answer within 90 s: %v", addr, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// temporalCLI returns EVALOPT_TEMPORAL_CLI, or the CLI built into the user
// cache, building it first if needed (at most 8 minutes).
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
	cmd := exec.CommandContext(ctx, "go", "install", "github.com/temporalio/cli/cmd/temporal@"+cliVersion)
	cmd.Env = append(os.Environ(), "GOBIN="+dir, "GOFLAGS=-buildvcs=false")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the Temporal CLI %s: %v\n%s", cliVersion, err, out)
	}
	return bin
}
