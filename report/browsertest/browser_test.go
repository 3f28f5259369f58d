package browsertest

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

var updateScreenshot = flag.Bool("update-screenshot", false, "write the loop page's screenshot to docs/report.png")

// chromium returns the browser to drive: $CHROMIUM, else chromium on the
// PATH. Without one the test is skipped locally and fails under CI, where
// .ci/test installs it.
func chromium(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("no chromium on the PATH: .ci/test installs it with apt-get (apt-get install chromium)")
	}
	t.Skip("no chromium on the PATH (apt-get install chromium); set CHROMIUM to its path")
	return ""
}

// browser is one headless chromium and what its pages reported: console
// errors, uncaught exceptions, log errors (a blocked load, a policy
// violation) and every request other than the page's own file.
type browser struct {
	ctx      context.Context
	mu       sync.Mutex
	problems []string
	requests []string
	pageURL  string
}

// shared is the one chromium the package's tests share: each test opens
// a tab of its own in it (newBrowser), so the browser starts once per run,
// not once per test. TestMain closes it.
var shared struct {
	once   sync.Once
	ctx    context.Context
	cancel context.CancelFunc
	err    error
}

// TestMain runs the tests and then closes the shared browser, so that no
// chromium outlives the test binary.
func TestMain(m *testing.M) {
	code := m.Run()
	if shared.cancel != nil {
		shared.cancel()
	}
	os.Exit(code)
}

// sharedBrowser starts chromium on first use: headless, no sandbox (CI
// runs as root), no GPU, no background networking, no first-run pages
// (the default options hold the last three).
func sharedBrowser(t *testing.T) context.Context {
	t.Helper()
	path := chromium(t)
	shared.once.Do(func() {
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(path),
			chromedp.NoSandbox,
			chromedp.DisableGPU,
			chromedp.WindowSize(1280, 900),
		)
		allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancelCtx := chromedp.NewContext(allocCtx)
		shared.ctx, shared.cancel = ctx, func() { cancelCtx(); cancelAlloc() }
		// The first Do starts the browser; its context must have no timeout.
		shared.err = chromedp.Do(ctx)
	})
	if shared.err != nil {
		t.Fatalf("start %s: %v", path, shared.err)
	}
	return shared.ctx
}

// newBrowser opens a tab of its own in the shared chromium, closed when
// the test ends, and listens to what its pages report.
func newBrowser(t *testing.T) *browser {
	t.Helper()
	ctx, cancel := chromedp.NewContext(sharedBrowser(t))
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("open a tab: %v", err)
	}
	b := &browser{ctx: ctx}
	if err := chromedp.Listen(ctx, b.listen); err != nil {
		t.Fatal(err)
	}
	return b
}

// listen records what the browser reports. It runs in the tab's reading
// loop, so it only appends under the lock.
func (b *browser) listen(ev any) {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch e := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		if e.Type == "error" || e.Type == "assert" {
			var args []string
			for _, a := range e.Args {
				args = append(args, string(a.Value))
			}
			b.problems = append(b.problems, "console."+string(e.Type)+": "+strings.Join(args, " "))
		}
	case *runtime.EventExceptionThrown:
		b.problems = append(b.problems, "exception: "+e.ExceptionDetails.Text)
	case *cdplog.EventEntryAdded:
		if e.Entry.Level == cdplog.EntryLevelError {
			b.problems = append(b.problems, "log "+string(e.Entry.Source)+": "+e.Entry.Text)
		}
	case *network.EventRequestWillBeSent:
		if e.Request.URL != b.pageURL {
			b.requests = append(b.requests, e.Request.URL)
		}
	}
}

// timeout is how long one action may take.
const timeout = 30 * time.Second

// do runs actions with a timeout.
func (b *browser) do(t *testing.T, what string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, timeout)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// load writes html to a file, opens it and waits for it to be ready.
func (b *browser) load(t *testing.T, name string, html []byte) {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, html, 0o644); err != nil {
		t.Fatal(err)
	}
	b.mu.Lock()
	b.pageURL, b.problems, b.requests = "file://"+path, nil, nil
	b.mu.Unlock()
	b.do(t, "load "+name, chromedp.Navigate(b.pageURL), chromedp.WaitReady(chromedp.CSS("body")))
	// Console messages arrive as events; let them land before reading.
	b.do(t, "settle", chromedp.Sleep(300*time.Millisecond))
}

// issues returns what the last page logged or requested.
func (b *browser) issues() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := append([]string(nil), b.problems...)
	for _, r := range b.requests {
		out = append(out, "request: "+r)
	}
	return out
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](t *testing.T, b *browser, expr string) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, timeout)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluate %s: %v", expr, err)
	}
	return v
}

// text returns the visible text of the first element matching a CSS
// selector.
func (b *browser) text(t *testing.T, sel string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, timeout)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel), chromedp.NodeVisible))
	if err != nil {
		t.Fatalf("text of %s: %v", sel, err)
	}
	return strings.TrimSpace(s)
}

// screenshot captures the whole page as PNG.
func (b *browser) screenshot(t *testing.T) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, timeout)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	return png
}

func describe(problems []string) string {
	return fmt.Sprintf("%d problems:\n  %s", len(problems), strings.Join(problems, "\n  "))
}
