package revision

import (
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// FactKind names a kind of checkable fact in a text.
type FactKind string

// The fact kinds the revision guard compares between two candidates.
const (
	// FactAmount is a sum of money: "$1,200", "USD 1.2 million", "450 euros".
	FactAmount FactKind = "amount"
	// FactNumber is any other number: "30 days", "5%", "thirty (30)".
	FactNumber FactKind = "number"
	// FactDate is a calendar date in any of the forms the date checks read.
	FactDate FactKind = "date"
	// FactQuotation is a quoted passage of three words or more.
	FactQuotation FactKind = "quotation"
	// FactReference is a section or attachment reference: "Section 3.2",
	// "§ 4", "Exhibit B".
	FactReference FactKind = "reference"
	// FactEvidenceRef is a citation of task evidence by ID: "[E2]", "doc-7".
	FactEvidenceRef FactKind = "evidence_ref"
)

// fact is one checkable fact found in a text.
type fact struct {
	kind       FactKind
	key        string // normalised value: equal keys mean the same fact
	alt        string // another reading (an ambiguous numeric date), or ""
	start, end int
	num        float64 // the value of an amount or number
}

// factsOptions says what extractFacts reads beyond the text itself.
type factsOptions struct {
	evidenceIDs map[string]bool // the task's evidence IDs
	idPrefixes  map[string]bool // letter prefixes of ID-shaped evidence IDs ("E" for E1, E2)
	skipQuotes  bool            // read inside quotations as plain text (for evidence)
}

// newFactsOptions indexes the task's evidence IDs.
func newFactsOptions(ids []string) factsOptions {
	o := factsOptions{evidenceIDs: map[string]bool{}, idPrefixes: map[string]bool{}}
	for _, id := range ids {
		o.evidenceIDs[id] = true
		if p, ok := idPrefix(id); ok {
			o.idPrefixes[p] = true
		}
	}
	return o
}

// extractFacts returns the facts of text in document order. Quotations,
// dates, amounts, references and evidence refs are read first, each outside
// the ones before; the numbers left over (not list markers) are numbers.
func extractFacts(text string, o factsOptions) []fact {
	var out []fact
	var taken spanSet
	ws := doctext.WordSpans(text)
	free := taken.free
	// Quotations first: a figure inside a quotation is checked as part of
	// the quotation, verbatim, not on its own.
	for _, q := range doctext.QuotedSpans(text, 0, len(text)) {
		if o.skipQuotes {
			break
		}
		inner := strings.TrimSpace(strings.TrimLeft(text[q.Start:q.End], ">\"“ \t"))
		inner = strings.TrimRight(inner, "\"” \t")
		if doctext.WordCount(inner, 0, len(inner)) < 3 {
			continue
		}
		out = append(out, fact{kind: FactQuotation, key: normQuote(inner), start: q.Start, end: q.End})
		taken.add(q.Start, q.End)
	}
	for _, d := range doctext.ScanDates(text, ws) {
		if free(d.Start, d.End) {
			out = append(out, fact{kind: FactDate, key: d.Key, alt: d.Alt, start: d.Start, end: d.End})
			taken.add(d.Start, d.End)
		}
	}
	for _, d := range scanPartialDates(text, ws) {
		if free(d.start, d.end) {
			out = append(out, d)
			taken.add(d.start, d.end)
		}
	}
	nums := scanNumbers(text)
	for _, n := range nums {
		if a, ok := amountAt(text, n); ok && free(a.start, a.end) {
			out = append(out, a)
			taken.add(a.start, a.end)
		}
	}
	for _, r := range scanSectionRefs(text, ws) {
		if free(r.start, r.end) {
			out = append(out, r)
			taken.add(r.start, r.end)
		}
	}
	for _, r := range scanEvidenceRefs(text, ws, o) {
		if free(r.start, r.end) {
			out = append(out, r)
			taken.add(r.start, r.end)
		}
	}
	for _, p := range doctext.ScanNumberPhrases(text) {
		// "thirty (30)": the words and the figure are one number.
		if free(p.Start, p.End) {
			out = append(out, fact{kind: FactNumber, key: strconv.Itoa(p.Figure), start: p.Start, end: p.End, num: float64(p.Figure)})
			taken.add(p.Start, p.End)
		}
	}
	for _, m := range nums {
		s, e := m.Start, m.End
		if !free(s, e) || !numberBounded(text, s, e) || isListMarker(text, s, e) || isEnumerator(text, s, e) {
			continue
		}
		v, ok := parseDigits(text[s:e], "")
		if !ok {
			continue
		}
		out = append(out, fact{kind: FactNumber, key: doctext.FormatNum(v), start: s, end: e, num: v})
	}
	out = append(out, numberWordFacts(text, ws, free)...)
	slices.SortFunc(out, func(a, b fact) int {
		if a.start != b.start {
			return a.start - b.start
		}
		return a.end - b.end
	})
	return out
}

// spanSet is a sorted set of non-overlapping spans.
type spanSet struct{ spans []doctext.Span }

// free reports whether [s,e) overlaps no span of the set (binary search).
func (t *spanSet) free(s, e int) bool {
	i := sort.Search(len(t.spans), func(i int) bool { return t.spans[i].End > s })
	return i == len(t.spans) || t.spans[i].Start >= e
}

// add inserts [s,e), which must be free.
func (t *spanSet) add(s, e int) {
	i := sort.Search(len(t.spans), func(i int) bool { return t.spans[i].Start >= s })
	t.spans = append(t.spans, doctext.Span{})
	copy(t.spans[i+1:], t.spans[i:])
	t.spans[i] = doctext.Span{Start: s, End: e}
}

// normQuote normalises a quotation for comparison: lower case, straight
// quotes and apostrophes, single spaces, no surrounding punctuation.
func normQuote(s string) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		switch r {
		case '‘', '’', '`':
			r = '\''
		case '“', '”':
			r = '"'
		case '–', '—':
			r = '-'
		}
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return strings.Trim(b.String(), ".,;:!? '\"")
}
