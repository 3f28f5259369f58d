package report

import (
	_ "embed"
	"errors"
	"fmt"
	"html/template"
	"io"
	"strings"
	"time"
)

//go:embed page.html.tmpl
var pageTemplate string

//go:embed style.css
var pageCSS string

// page is parsed once; html/template escapes every value by context, so a
// candidate holding markup is shown as text, never run.
var page = template.Must(template.New("page").Funcs(template.FuncMap{
	"cost":  func(f float64) string { return fmt.Sprintf("%.4f", f) },
	"score": func(f float64) string { return fmt.Sprintf("%.2f", f) },
	"ratio": func(f float64) string { return fmt.Sprintf("%.3f", f) },
	"dur":   func(d time.Duration) string { return roundDuration(d).String() },
	"clock": func(t time.Time) string {
		if t.IsZero() {
			return ""
		}
		return t.UTC().Format("15:04:05.000")
	},
	"join": strings.Join,
	"op": func(op byte) string {
		switch op {
		case opDelete:
			return "del"
		case opInsert:
			return "ins"
		}
		return "same"
	},
	"cases": func(id, title, what string, cs []caseLine) casesBlock {
		return casesBlock{ID: id, Title: title, What: what, Cases: cs}
	},
}).Parse(pageTemplate))

// casesBlock is one titled list of cases on a quality page.
type casesBlock struct {
	ID, Title, What string
	Cases           []caseLine
}

// pageData is what the page template renders.
type pageData struct {
	Title   string
	CSS     template.CSS
	Loop    *loopView
	Quality *qualityView
	Gate    *gateHTML
}

// gateHTML is a gate verdict laid out for the page.
type gateHTML struct {
	Verdict  string
	Headline []string
	Rows     []gateRow
	Notes    []string
	Summary  string
}

// WriteHTML writes the report as one self-contained HTML page: its style
// inline, no script, and a content security policy that forbids loading
// anything, so the page shows the same offline, in a CI artifact or as an
// e-mail attachment. Every value is escaped: a candidate holding markup is
// shown as text.
func (r *Report) WriteHTML(w io.Writer) error {
	d := pageData{CSS: template.CSS(pageCSS)}
	switch {
	case r.loop != nil:
		d.Title, d.Loop = "evalopt loop report: "+r.loop.Outcome, r.loop
	case r.quality != nil:
		d.Title, d.Quality = "evalopt evaluator quality report", r.quality
	case r.gate != nil:
		v := r.gate
		d.Title = "evalopt golden gate: " + v.Verdict
		d.Gate = &gateHTML{Verdict: v.Verdict, Headline: gateHeadline(v), Rows: gateRows(v), Notes: gateNotes(v), Summary: gateSummary(v)}
	default:
		return errors.New("report: empty Report (build one with Loop, Quality, Gate or FromJSON)")
	}
	return page.ExecuteTemplate(w, "page", d)
}
