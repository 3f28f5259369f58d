package values

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// Rule ids of the consistency check.
const (
	// RuleNumberMismatch: number words and figures that disagree ("ten (15)
	// days").
	RuleNumberMismatch = "consistency.number_mismatch"
	// RuleValueConflict: a defined item given different amounts,
	// percentages or dates in different places.
	RuleValueConflict = "consistency.value_conflict"
	// RuleDateForm: the same date written in different forms ("March 1,
	// 2025" and "1 March 2025", or "03/01/2025").
	RuleDateForm = "consistency.date_form"
)

// NewConsistencyCheck returns the internal-consistency check: rules
// RuleNumberMismatch (block), RuleValueConflict (block) and RuleDateForm
// (warn).
//
// Values of a defined item (a term found by ExtractDefinitions) are read
// where the term is directly followed by linking words ("of", "is", "shall
// be", "equal to", "in the amount of", "not to exceed", ":") and an amount
// ("$250,000", "USD 1.5 million", "€300"), a percentage ("1.5%", "ten
// percent" is not read) or a date; and where an amount, percentage or date
// stands right before the term's defining parenthesis (`$250,000 (the "Cap")`).
// The first value of each kind per term is the reference; each later one that
// differs is reported. Date forms recognised: "March 1, 2025", "1 March
// 2025", "1st day of March, 2025", "2025-03-01" and "03/01/2025" (an
// ambiguous numeric date matches either reading).
func NewConsistencyCheck() check.Check { return consistencyCheck{} }

type consistencyCheck struct{}

// Rule returns the family prefix "consistency" of the rules the check reports.
func (consistencyCheck) Rule() string { return "consistency" }

// Rules lists the rule ids the check reports.
func (consistencyCheck) Rules() []string {
	return []string{RuleNumberMismatch, RuleValueConflict, RuleDateForm}
}

// Check returns the check's findings on doc.
func (consistencyCheck) Check(doc check.Document) []check.Finding {
	text := doc.Text
	var out []check.Finding
	var idx *doctext.LineIndex
	for _, p := range doctext.ScanNumberPhrases(text) {
		if p.Words == p.Figure {
			continue
		}
		idx = doctext.LazyIndex(idx, doc)
		out = append(out, check.Finding{Rule: RuleNumberMismatch, Severity: check.SeverityBlock,
			Message:  fmt.Sprintf("number in words (%d) and figures (%d) disagree", p.Words, p.Figure),
			Location: idx.Locate(p.Start, p.End, text)})
	}
	a := doctext.AnalysisOf(doc)
	dates := doctext.ScanDates(text, a.WordList())
	out = append(out, dateForms(doc, dates, &idx)...)
	out = append(out, valueConflicts(doc, &idx)...)
	check.SortFindings(out)
	return out
}

// dateForms reports dates written in a different form than the first time.
func dateForms(doc check.Document, dates []doctext.Date, idx **doctext.LineIndex) []check.Finding {
	text := doc.Text
	type seen struct {
		form string
		at   int
	}
	first := make(map[string]seen)
	var out []check.Finding
	report := func(d doctext.Date, prev seen) {
		*idx = doctext.LazyIndex(*idx, doc)
		l, c := (*idx).Position(prev.at)
		out = append(out, check.Finding{Rule: RuleDateForm, Severity: check.SeverityWarn,
			Message:  fmt.Sprintf("date written as %s here but as %s at line %d:%d: use one form", d.Form, prev.form, l, c),
			Location: (*idx).Locate(d.Start, d.End, text)})
	}
	for _, d := range dates {
		if d.Alt != "" {
			continue // decided after all unambiguous dates are known
		}
		if p, ok := first[d.Key]; !ok {
			first[d.Key] = seen{d.Form, d.Start}
		} else if p.form != d.Form {
			report(d, p)
		}
	}
	for _, d := range dates {
		if d.Alt == "" {
			continue
		}
		for _, k := range []string{d.Key, d.Alt} {
			if p, ok := first[k]; ok && p.form != d.Form {
				report(d, p)
				break
			}
		}
	}
	return out
}

// linkWords may stand between a defined term and its value ("shall be
// equal to", "of", "in the amount of", ":").
var linkWords = map[string]bool{
	"shall": true, "will": true, "is": true, "are": true, "be": true, "equal": true, "equals": true,
	"to": true, "of": true, "in": true, "the": true, "amount": true, "amounting": true, "at": true,
	"set": true, "an": true, "up": true, "not": true, "exceed": true, "sum": true, "a": true, "total": true,
}

// maxLinkWords bounds how many linking words are read after a term.
const maxLinkWords = 8

// skipLinkWords reads linking words (and ':' or '=') after offset i and
// returns the offset of what follows them; ok is false when there are none.
func skipLinkWords(text string, i int) (int, bool) {
	var buf [16]byte
	n := 0
	for n < maxLinkWords {
		j := i
		for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
			j++
		}
		if j < len(text) && (text[j] == ':' || text[j] == '=') {
			i, n = j+1, n+1
			continue
		}
		if j == i && n > 0 {
			break
		}
		e := j
		for e < len(text) && e-j < len(buf) && text[e] >= 'a' && text[e] <= 'z' {
			e++
		}
		if e == j || (e < len(text) && doctext.IsWordByte(text[e])) || !linkWords[string(append(buf[:0], text[j:e]...))] {
			break
		}
		i, n = e, n+1
	}
	if n == 0 {
		return 0, false
	}
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	return i, true
}

var (
	// valueRe is an amount or a percentage at the start of a string.
	valueRe = regexp.MustCompile(`^(?:([$€£]|USD|EUR|GBP)[ \t]?(\d[\d,]*(?:\.\d+)?)(?:[ \t]?(thousand|million|billion)\b)?|(\d+(?:\.\d+)?)[ \t]?(?:%|percent\b|per cent\b))`)
	// valueBeforeRe is an amount or a percentage at the end of a string.
	valueBeforeRe = regexp.MustCompile(`(?:([$€£]|USD|EUR|GBP)[ \t]?(\d[\d,]*(?:\.\d+)?)(?:[ \t]?(thousand|million|billion))?|(\d+(?:\.\d+)?)[ \t]?(?:%|percent|per cent))[ \t]*\($`)
)

// mayEndInValue reports false when valueBeforeRe cannot match s: the
// expression, anchored at the end but tried from every start, is run on
// the text before each definition's bracket, and most hold no figure.
// Every match holds a digit and ends in one, a comma, '%', "percent",
// "per cent" or a scale word, then blanks and "(" (FuzzValueBefore).
func mayEndInValue(s string) bool {
	t := strings.TrimRight(strings.TrimSuffix(s, "("), " \t")
	if t == "" || len(t) == len(s) {
		return false // no "(" at the end
	}
	switch c := t[len(t)-1]; {
	case c >= '0' && c <= '9', c == ',', c == '%', c == 'd', c == 'n', c == 't':
	default:
		return false
	}
	return strings.ContainsAny(t, "0123456789")
}

// value is a normalised amount, percentage or date.
type value struct {
	kind, norm string // kind: "amount", "percent" or "date"
	start, end int
}

// readValue parses the value at the start of text[i:].
func readValue(text string, i int) (value, bool) {
	if i >= len(text) {
		return value{}, false
	}
	// Cheap first-byte filter: digits, currency signs and codes, months.
	switch c := text[i]; {
	case c >= '0' && c <= '9', c == '$', c == 0xE2, c == 0xC2, strings.IndexByte("UEGJFMASOND", c) >= 0:
	default:
		return value{}, false
	}
	w := text[i:min(len(text), i+60)]
	if m := valueRe.FindStringSubmatchIndex(w); m != nil {
		return normaliseValue(w, m, i), true
	}
	if d, ok := doctext.ParseDateAt(text, i); ok && d.Alt == "" {
		return value{kind: "date", norm: d.Key, start: d.Start, end: d.End}, true
	}
	return value{}, false
}

// normaliseValue turns a valueRe/valueBeforeRe match into a value.
func normaliseValue(w string, m []int, base int) value {
	v := value{start: base + m[0], end: base + m[1]}
	if m[2] >= 0 {
		cur := w[m[2]:m[3]]
		switch cur {
		case "USD":
			cur = "$"
		case "EUR":
			cur = "€"
		case "GBP":
			cur = "£"
		}
		n, _ := strconv.ParseFloat(strings.ReplaceAll(w[m[4]:m[5]], ",", ""), 64)
		if m[6] >= 0 {
			n *= map[string]float64{"thousand": 1e3, "million": 1e6, "billion": 1e9}[w[m[6]:m[7]]]
		}
		v.kind, v.norm = "amount", cur+strconv.FormatFloat(n, 'f', -1, 64)
		return v
	}
	n, _ := strconv.ParseFloat(w[m[8]:m[9]], 64)
	v.kind, v.norm = "percent", strconv.FormatFloat(n, 'f', -1, 64)+"%"
	return v
}

// valueConflicts reports defined items given different values.
func valueConflicts(doc check.Document, idx **doctext.LineIndex) []check.Finding {
	text := doc.Text
	a := doctext.AnalysisOf(doc)
	defs := a.Definitions()
	if len(defs) == 0 {
		return nil
	}
	type firstValue struct {
		v    value
		text string
	}
	firsts := make(map[string]firstValue) // term + "\x00" + kind
	var out []check.Finding
	record := func(term string, v value) {
		key := term + "\x00" + v.kind
		p, ok := firsts[key]
		if !ok {
			firsts[key] = firstValue{v, text[v.start:v.end]}
			return
		}
		if p.v.norm == v.norm {
			return
		}
		*idx = doctext.LazyIndex(*idx, doc)
		l, c := (*idx).Position(p.v.start)
		out = append(out, check.Finding{Rule: RuleValueConflict, Severity: check.SeverityBlock,
			Message:  fmt.Sprintf("%s is given as %s here but as %s at line %d:%d", term, strings.TrimSpace(text[v.start:v.end]), p.text, l, c),
			Location: (*idx).Locate(v.start, v.end, text)})
	}
	// Values stated with the definition come first in document order, so
	// merge them with the uses by offset.
	type hit struct {
		term string
		v    value
	}
	var hits []hit
	terms := make([]string, 0, len(defs))
	for _, d := range defs {
		terms = append(terms, d.Term)
		open := strings.LastIndexByte(text[max(0, d.Start-60):d.Start], '(')
		if open < 0 {
			continue
		}
		open += max(0, d.Start-60)
		before := text[max(0, open-40) : open+1]
		if !mayEndInValue(before) {
			continue
		}
		if m := valueBeforeRe.FindStringSubmatchIndex(before); m != nil {
			v := normaliseValue(before, m, max(0, open-40))
			v.end = doctext.TrimRightSpace(text, v.start, v.end-1) // drop " ("
			hits = append(hits, hit{d.Term, v})
		}
	}
	doctext.NewTermIndex(terms).Find(text, a.WordList(), func(u doctext.Use) {
		if at, ok := skipLinkWords(text, u.End); ok {
			if v, ok := readValue(text, at); ok {
				hits = append(hits, hit{u.Term, v})
			}
		}
	})
	slices.SortStableFunc(hits, func(a, b hit) int { return cmp.Compare(a.v.start, b.v.start) })
	for _, h := range hits {
		record(h.term, h.v)
	}
	return out
}
