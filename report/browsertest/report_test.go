package browsertest

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/evalopt/evalopt/loop"
	"github.com/evalopt/evalopt/report"
)

// located is a finding of the judged decision with its location.
type located struct {
	rule string
	loc  report.Location
}

// TestLoopPage loads a loop report and checks what a reader sees: the
// outcome and steps, every located finding highlighted on its line in the
// page's colours, the footnotes leading to the findings, the revision's
// diff, and the evaluations folded until opened.
func TestLoopPage(t *testing.T) {
	res := loopResult(t)
	b := newBrowser(t)
	b.load(t, "loop.html", page(t, report.Loop(res, nil)))
	if p := b.issues(); len(p) > 0 {
		t.Fatal(describe(p))
	}

	// The screenshot shows the page as it opens.
	shot := b.screenshot(t)
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	if img.Bounds().Dx() < 1000 || img.Bounds().Dy() < 800 {
		t.Errorf("screenshot is %v", img.Bounds())
	}
	if *updateScreenshot {
		if err := os.WriteFile(filepath.Join("..", "..", "docs", "report.png"), shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got := eval[string](t, b, "document.title"); got != "evalopt loop report: blocked" {
		t.Errorf("title %q", got)
	}
	if got := b.text(t, "#outcome"); got != "blocked" {
		t.Errorf("outcome %q", got)
	}
	if got := eval[int](t, b, "document.querySelectorAll('#steps tbody tr').length"); got != len(res.Trace) {
		t.Errorf("%d step rows, want %d", got, len(res.Trace))
	}

	// Each step's model and tokens beside its cost; the roles' totals.
	steps := eval[[][]string](t, b, `Array.from(document.querySelectorAll('#steps tbody tr')).map(r => [1, 5, 6, 7, 8].map(i => r.children[i].textContent))`)
	wantSteps := [][]string{
		{"generate", "0.0042", "gpt-4.1-2025-04-14", "2400", "420"},
		{"evaluate", "0.0000", "-", "-", "-"},
		{"revise", "0.0031", "gpt-4.1-mini", "2300", "510"},
		{"evaluate", "0.0000", "-", "-", "-"},
	}
	if fmt.Sprint(steps) != fmt.Sprint(wantSteps) {
		t.Errorf("steps %q, want %q", steps, wantSteps)
	}
	roles := eval[[][]string](t, b, `Array.from(document.querySelectorAll('#roles tbody tr')).map(r => Array.from(r.children).map(c => c.textContent))`)
	wantRoles := [][]string{
		{"generate", "0.0042", "gpt-4.1-2025-04-14", "2400", "420"},
		{"evaluate", "0.0000", "-", "-", "-"},
		{"revise", "0.0031", "gpt-4.1-mini", "2300", "510"},
	}
	if fmt.Sprint(roles) != fmt.Sprint(wantRoles) {
		t.Errorf("roles %q, want %q", roles, wantRoles)
	}
	if got := eval[string](t, b, `document.querySelector('#roles tbody td[title]').title`); got != "1800 uncached, 600 read from the cache, 0 written to the cache" {
		t.Errorf("the input tokens' split: %q", got)
	}

	checkMarks(t, b, res)

	// A footnote leads to its finding.
	b.do(t, "click a footnote", chromedp.Click(chromedp.CSS("#c-text sup a")))
	if got := eval[string](t, b, "location.hash"); got != "#c-f1" && !strings.HasPrefix(got, "#c-f") {
		t.Errorf("after the footnote, location.hash = %q", got)
	}

	// The revision's diff: what was removed and added.
	del := eval[[]string](t, b, `Array.from(document.querySelectorAll('table.diff tr.del')).map(r => r.textContent)`)
	ins := eval[[]string](t, b, `Array.from(document.querySelectorAll('table.diff tr.ins')).map(r => r.textContent)`)
	if !strings.Contains(strings.Join(del, "\n"), "[AMOUNT]") || !strings.Contains(strings.Join(ins, "\n"), "EUR 12,000") {
		t.Errorf("diff: removed %q, added %q", del, ins)
	}

	// The draft's evaluation is folded; opened, its marks show.
	if n := eval[int](t, b, `Array.from(document.querySelectorAll('#s1-text mark')).filter(m => m.checkVisibility() && m.getBoundingClientRect().width > 0).length`); n != 0 {
		t.Errorf("%d marks of a folded evaluation show", n)
	}
	eval[any](t, b, `document.querySelectorAll('details').forEach(d => d.open = true)`)
	if n := eval[int](t, b, `Array.from(document.querySelectorAll('#s1-text mark')).filter(m => m.checkVisibility() && m.getBoundingClientRect().width > 0).length`); n == 0 {
		t.Error("the opened evaluation shows no marks")
	}

	if p := b.issues(); len(p) > 0 {
		t.Fatal(describe(p))
	}
}

// checkMarks checks that every located finding of the decision that judged
// the loop's candidate is marked on its line, visibly, in the page's
// colours.
func checkMarks(t *testing.T, b *browser, res loop.Result[string]) {
	t.Helper()
	// Every located finding of the judged decision is marked on its line.
	var want []located
	for _, c := range res.Trace[res.CandidateStep].Decision.Criteria {
		if _, loc, ok := report.ParseReason(c.Reason); ok && !c.Passed {
			want = append(want, located{c.Name, loc})
		}
	}
	if len(want) < 2 {
		t.Fatalf("the fixture should block on several located findings, got %v", want)
	}
	marks := eval[[][2]string](t, b, `Array.from(document.querySelectorAll('#c-text mark')).map(m => [m.closest('tr').id, m.textContent])`)
	byRow := map[string]string{}
	for _, m := range marks {
		byRow[m[0]] += m[1]
	}
	for _, f := range want {
		row := fmt.Sprintf("c-L%d", f.loc.Line)
		if !strings.Contains(byRow[row], strings.TrimSuffix(f.loc.Text, "…")) {
			t.Errorf("%s at %d:%d: row %s marks %q, want %q in it", f.rule, f.loc.Line, f.loc.Column, row, byRow[row], f.loc.Text)
		}
	}
	if got := eval[int](t, b, "document.querySelectorAll('#c-findings li').length"); got < len(want) {
		t.Errorf("%d findings listed, want at least %d", got, len(want))
	}
	// The marks show, in the page's own colours: the inline style applied.
	if n := eval[int](t, b, `Array.from(document.querySelectorAll('#c-text mark')).filter(m => m.checkVisibility() && m.getBoundingClientRect().width > 0).length`); n != len(marks) {
		t.Errorf("%d of %d marks are visible", n, len(marks))
	}
	if bg := eval[string](t, b, `getComputedStyle(document.querySelector('#c-text mark.sev-block')).backgroundColor`); bg != "rgb(255, 235, 233)" {
		t.Errorf("a blocking mark's background is %q, want the page's rgb(255, 235, 233)", bg)
	}
}

func TestQualityPage(t *testing.T) {
	b := newBrowser(t)
	b.load(t, "quality.html", page(t, report.Quality(qualityReport(t))))
	if p := b.issues(); len(p) > 0 {
		t.Fatal(describe(p))
	}
	cells := eval[[][]string](t, b, `Array.from(document.querySelectorAll('#confusion tbody tr')).map(r => Array.from(r.children).map(c => c.textContent))`)
	wantCells := [][]string{
		{"pass", "3", "0", "0", "0"}, // good-memo twice, flaky once (its other call failed)
		{"revise", "0", "0", "0", "0"},
		{"escalate", "0", "0", "0", "0"},
		{"block", "2", "0", "0", "2"}, // the misquote passes: a false approval
	}
	if fmt.Sprint(cells) != fmt.Sprint(wantCells) {
		t.Errorf("confusion matrix %v, want %v", cells, wantCells)
	}
	if got := b.text(t, "#false-approvals + p + table tbody"); !strings.Contains(got, "misquote-without-source") {
		t.Errorf("false approvals: %q", got)
	}
	if got := b.text(t, "#recurring-failures + p + table tbody"); !strings.Contains(got, "misquote-without-source") {
		t.Errorf("recurring known failures: %q", got)
	}
	if got := b.text(t, "#unstable + p + table tbody"); !strings.Contains(got, "flaky") {
		t.Errorf("unstable cases: %q", got)
	}
	if got := b.text(t, "#false-rejections + p"); got != "cases expected to pass that did not" {
		t.Errorf("false rejections: %q", got)
	}
}

func TestGatePage(t *testing.T) {
	b := newBrowser(t)
	b.load(t, "gate.html", page(t, report.Gate(gateVerdict())))
	if p := b.issues(); len(p) > 0 {
		t.Fatal(describe(p))
	}
	if got := b.text(t, "#verdict"); got != "fail" {
		t.Errorf("verdict %q", got)
	}
	rows := eval[[]string](t, b, `Array.from(document.querySelectorAll('#agents tbody tr')).map(r => r.children[0].textContent + ' ' + r.children[10].textContent)`)
	if fmt.Sprint(rows) != "[legal fail tax pass]" {
		t.Errorf("agents %v", rows)
	}
}

// TestBrowserCatchesProblems checks the checker: a page that logs an
// error, or tries to load something, is reported.
func TestBrowserCatchesProblems(t *testing.T) {
	b := newBrowser(t)
	b.load(t, "error.html", []byte(`<!DOCTYPE html><title>x</title><script>console.error("boom")</script><footer></footer>`))
	if p := b.issues(); len(p) != 1 || !strings.Contains(p[0], "boom") {
		t.Errorf("console error not reported: %v", p)
	}
	// The report's policy blocks a load before any request leaves: the
	// refusal is logged, and nothing is fetched.
	csp := `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`
	b.load(t, "load.html", []byte(`<!DOCTYPE html><html><head>`+csp+`</head><body><img src="http://127.0.0.1:1/x.png"><footer></footer></body></html>`))
	if p := b.issues(); len(p) == 0 {
		t.Error("a blocked load was not reported")
	}
}
