package revision

import (
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

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

// Currency markers and scale words of amounts.
var (
	// Amounts are read around each number: a currency before it
	// ("$", "US$", "EUR "), or a scale and a currency after it
	// (" million", " euros"); the patterns are anchored on small windows.
	currencyBeforeRe = regexp.MustCompile(`(?i)(?:^|[^A-Za-z0-9])(US\$|A\$|C\$|USD|EUR|GBP|CHF|JPY|CAD|AUD|\$|€|£|¥)[ \t]?$`)
	scaleAfterRe     = regexp.MustCompile(`(?i)^[ \t]?(million|billion|thousand|bn|mn|m|k)\b`)
	currencyAfterRe  = regexp.MustCompile(`(?i)^(?:[ \t](million|billion|thousand))?[ \t]?(USD|EUR|GBP|CHF|JPY|CAD|AUD|dollars?|euros?|pounds(?: sterling)?)\b`)
	listMarkerRe     = regexp.MustCompile(`^[ \t]*(?:#{1,6}[ \t]*)?$`)
	bracketCiteRe    = regexp.MustCompile(`\[([^\[\]\n]{1,120})\]`)
	labelNumRe       = regexp.MustCompile(`(?m)^[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*)?(?:(?i:section|clause|article|paragraph)[ \t]+)?(\d{1,4}(?:\.\d{1,4})*)[.):]?[ \t]`)
	labelAttachRe    = regexp.MustCompile(`(?m)^[ \t#*]*(?i:(exhibit|schedule|annex|appendix))[ \t]+([A-Z]{1,2}|\d{1,3})\b`)
)

var currencyCodes = map[string]string{
	"us$": "USD", "$": "USD", "usd": "USD", "dollar": "USD", "dollars": "USD",
	"a$": "AUD", "aud": "AUD", "c$": "CAD", "cad": "CAD",
	"€": "EUR", "eur": "EUR", "euro": "EUR", "euros": "EUR",
	"£": "GBP", "gbp": "GBP", "pounds": "GBP", "pounds sterling": "GBP",
	"¥": "JPY", "jpy": "JPY", "chf": "CHF",
}

var scaleWords = map[string]float64{
	"thousand": 1e3, "k": 1e3, "million": 1e6, "m": 1e6, "mn": 1e6, "billion": 1e9, "bn": 1e9,
}

// unitWords are the nouns after which a spelled-out number is a fact
// ("thirty days", "two business days"); elsewhere "one" and "two" are prose.
var unitWords = map[string]bool{
	"day": true, "days": true, "week": true, "weeks": true, "month": true, "months": true,
	"year": true, "years": true, "hour": true, "hours": true, "minute": true, "minutes": true,
	"percent": true, "business": true, "calendar": true, "working": true, "times": true,
	"installments": true, "instalments": true, "payments": true, "copies": true,
	"employees": true, "units": true, "shares": true, "members": true, "seats": true,
	"licenses": true, "licences": true, "weeks'": true, "days'": true, "months'": true,
}

// parseDigits reads "1,200" and ".50" parts into a value.
func parseDigits(intPart, frac string) (float64, bool) {
	v, err := strconv.ParseFloat(strings.ReplaceAll(intPart, ",", "")+frac, 64)
	return v, err == nil
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

// Partial dates: a month and a day without a year ("March 3", "3rd of
// March"), or a month and a year without a day ("March 2025").
var (
	monthDayRe  = regexp.MustCompile(`^([A-Z][a-z]{2,8})\.?[ \t]+(\d{1,2})(?:st|nd|rd|th)?\b`)
	dayMonthRe  = regexp.MustCompile(`^(\d{1,2})(?:st|nd|rd|th)?[ \t]+(?:of[ \t]+)?([A-Z][a-z]{2,8})\b`)
	monthYearRe = regexp.MustCompile(`^([A-Z][a-z]{2,8})[ \t]+(?:of[ \t]+)?(\d{4})\b`)
)

// scanPartialDates finds dates without a year or without a day, keyed
// "*-MM-DD" and "YYYY-MM-*", so that "March 3" and "March 2025" are dates,
// not bare numbers. Full dates are read before (scanDates).
func scanPartialDates(text string, ws []doctext.Span) []fact {
	var out []fact
	month := func(w string) (int, bool) {
		m, ok := doctext.Months[strings.ToLower(w)]
		if !ok {
			m, ok = monthAbbrev[strings.ToLower(w)]
		}
		return m, ok
	}
	var buf []byte
	for k, w := range ws {
		c := text[w.Start]
		// Cheap tests first: a month word, or one or two digits before a
		// word that starts upper-case; only then the anchored patterns.
		switch {
		case c >= 'A' && c <= 'Z':
			buf = doctext.LowerInto(buf, text[w.Start:w.End])
			if _, ok := month(string(buf)); !ok {
				continue
			}
		case c >= '0' && c <= '9':
			if w.End-w.Start > 4 || k+1 >= len(ws) {
				continue
			}
			nc := text[ws[k+1].Start]
			if !(nc >= 'A' && nc <= 'Z' || nc == 'o') { // "3 March", "3rd of March"
				continue
			}
		default:
			continue
		}
		win := text[w.Start:min(len(text), w.Start+30)]
		switch {
		case c >= 'A' && c <= 'Z':
			if m := monthYearRe.FindStringSubmatch(win); m != nil {
				if mo, ok := month(m[1]); ok {
					out = append(out, fact{kind: FactDate, key: m[2] + "-" + doctext.Pad2(mo) + "-*", start: w.Start, end: w.Start + len(m[0])})
					continue
				}
			}
			if m := monthDayRe.FindStringSubmatch(win); m != nil {
				if mo, ok := month(m[1]); ok && doctext.Atoi(m[2]) >= 1 && doctext.Atoi(m[2]) <= 31 {
					out = append(out, fact{kind: FactDate, key: "*-" + doctext.Pad2(mo) + "-" + doctext.Pad2(doctext.Atoi(m[2])), start: w.Start, end: w.Start + len(m[0])})
				}
			}
		case c >= '0' && c <= '9':
			if m := dayMonthRe.FindStringSubmatch(win); m != nil {
				if mo, ok := month(m[2]); ok && doctext.Atoi(m[1]) >= 1 && doctext.Atoi(m[1]) <= 31 {
					out = append(out, fact{kind: FactDate, key: "*-" + doctext.Pad2(mo) + "-" + doctext.Pad2(doctext.Atoi(m[1])), start: w.Start, end: w.Start + len(m[0])})
				}
			}
		}
	}
	return out
}

// monthAbbrev maps the usual month abbreviations ("Jan", "Sept").
var monthAbbrev = map[string]int{
	"jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8,
	"sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12,
}

// scanNumbers returns the spans of the figures in text: digit runs with
// optional thousands groups ("1,200") and decimals ("1.5"), in order. It
// runs in time linear in len(text).
func scanNumbers(text string) []doctext.Span {
	var out []doctext.Span
	isDigit := func(i int) bool { return i < len(text) && text[i] >= '0' && text[i] <= '9' }
	for i := 0; i < len(text); i++ {
		if !isDigit(i) {
			continue
		}
		s := i
		for isDigit(i) {
			i++
		}
		if i-s <= 3 {
			for i+3 < len(text) && text[i] == ',' && isDigit(i+1) && isDigit(i+2) && isDigit(i+3) && !isDigit(i+4) {
				i += 4
			}
		}
		if i+1 < len(text) && text[i] == '.' && isDigit(i+1) {
			i++
			for isDigit(i) {
				i++
			}
		}
		out = append(out, doctext.Span{Start: s, End: i})
		i-- // the loop's i++ moves past the figure
	}
	return out
}

// amountAt reads an amount around the figure at n: a currency before it
// (with an optional scale after), or an optional scale and a currency
// after it.
func amountAt(text string, n doctext.Span) (fact, bool) {
	v, ok := parseDigits(text[n.Start:n.End], "")
	if !ok {
		return fact{}, false
	}
	after := text[n.End:min(len(text), n.End+40)]
	if currencyBefore(text, n.Start) {
		m := currencyBeforeRe.FindStringSubmatchIndex(text[max(0, n.Start-6):n.Start])
		if m == nil {
			goto suffix
		}
		off := max(0, n.Start-6)
		f := fact{kind: FactAmount, start: off + m[2], end: n.End}
		if sm := scaleAfterRe.FindStringSubmatchIndex(after); sm != nil {
			v *= scaleWords[strings.ToLower(after[sm[2]:sm[3]])]
			f.end = n.End + sm[1]
		}
		f.num = v
		f.key = currencyCodes[strings.ToLower(text[off+m[2]:off+m[3]])] + " " + doctext.FormatNum(v)
		return f, true
	}
suffix:
	if !letterAfter(after) {
		return fact{}, false
	}
	if m := currencyAfterRe.FindStringSubmatchIndex(after); m != nil {
		if m[2] >= 0 {
			v *= scaleWords[strings.ToLower(after[m[2]:m[3]])]
		}
		cur := strings.ToLower(after[m[4]:m[5]])
		return fact{kind: FactAmount, start: n.Start, end: n.End + m[1], num: v, key: currencyCodes[cur] + " " + doctext.FormatNum(v)}, true
	}
	return fact{}, false
}

// currencyBefore is a cheap test that a currency may precede offset i
// (after at most one space): '$', the last byte of a multi-byte symbol (€,
// £, ¥), or a word that is a currency code ("USD", "eur").
func currencyBefore(text string, i int) bool {
	if i > 0 && (text[i-1] == ' ' || text[i-1] == '\t') {
		i--
	}
	if i == 0 {
		return false
	}
	c := text[i-1]
	if c == '$' || c >= 0x80 {
		return true
	}
	ws := i
	for ws > 0 && isLetterByte(text[ws-1]) {
		ws--
	}
	return i-ws == 3 && currencyCodes[strings.ToLower(text[ws:i])] != ""
}

// amountWordsAfter are the words that may follow a figure in an amount.
var amountWordsAfter = map[string]bool{
	"million": true, "billion": true, "thousand": true, "bn": true, "mn": true, "m": true, "k": true,
	"usd": true, "eur": true, "gbp": true, "chf": true, "jpy": true, "cad": true, "aud": true,
	"dollar": true, "dollars": true, "euro": true, "euros": true, "pounds": true,
}

// letterAfter is a cheap test that a scale or currency word follows (after
// at most one space).
func letterAfter(s string) bool {
	if s != "" && (s[0] == ' ' || s[0] == '\t') {
		s = s[1:]
	}
	n := 0
	for n < len(s) && n < 9 && isLetterByte(s[n]) {
		n++
	}
	return n > 0 && amountWordsAfter[strings.ToLower(s[:n])]
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

// numberBounded reports whether text[s:e] is a number on its own: not part
// of a word ("Q3", "v2", "E12"), an identifier or a version ("1.2.3"). An
// ordinal suffix ("30th") and a percent sign are allowed.
func numberBounded(text string, s, e int) bool {
	if s > 0 {
		c := text[s-1]
		if doctext.IsWordByte(c) || c == '.' || c == '-' && s > 1 && isLetterByte(text[s-2]) || c == '/' || c == ':' {
			return false
		}
		if c >= utf8.RuneSelf {
			r, _ := utf8.DecodeLastRuneInString(text[:s])
			if unicode.IsLetter(r) {
				return false
			}
		}
	}
	if e < len(text) {
		rest := text[e:]
		for _, suf := range []string{"st", "nd", "rd", "th"} {
			if strings.HasPrefix(rest, suf) && (len(rest) == len(suf) || !doctext.IsWordByte(rest[len(suf)])) {
				return true
			}
		}
		c := text[e]
		if doctext.IsWordByte(c) || c == '/' || c == ':' || c == '.' && e+1 < len(text) && text[e+1] >= '0' && text[e+1] <= '9' {
			return false
		}
	}
	return true
}

// isLetterByte reports whether c is an ASCII letter: "INV-2291" is an
// identifier, "5-7" a range of two numbers.
func isLetterByte(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// isListMarker reports whether the number at [s,e) numbers a list item or a
// heading ("1. ", "2) ", "## 3. Payment").
func isListMarker(text string, s, e int) bool {
	ls := strings.LastIndexByte(text[:s], '\n') + 1
	if !listMarkerRe.MatchString(text[ls:s]) {
		return false
	}
	rest := text[e:]
	return strings.HasPrefix(rest, ". ") || strings.HasPrefix(rest, ") ") || strings.HasPrefix(rest, ".\t") || rest == "." ||
		strings.HasPrefix(rest, " ") && strings.HasPrefix(text[ls:s], "#")
}

// enumeratorWords are the words after which a number counts the document's
// own parts ("Step 2", "Option 3", "Finding 4"), not a fact of the case.
var enumeratorWords = map[string]bool{
	"step": true, "steps": true, "option": true, "options": true, "phase": true, "stage": true,
	"item": true, "items": true, "point": true, "points": true, "part": true, "tier": true,
	"level": true, "question": true, "finding": true, "findings": true, "recommendation": true,
	"issue": true, "priority": true, "round": true, "page": true, "pages": true, "line": true,
	"lines": true, "version": true, "figure": true, "table": true, "note": true, "footnote": true,
	"no": true, "nos": true, "number": true,
}

// isEnumerator reports whether the number at [s,e) numbers the text's own
// parts: after an enumerator word ("Step 2", "page 4") or "#", or a small
// integer alone in parentheses or brackets ("(1)", "[2]").
func isEnumerator(text string, s, e int) bool {
	if s > 0 && text[s-1] == '#' {
		return true
	}
	if s > 0 && e < len(text) && e-s <= 2 && (text[s-1] == '(' && text[e] == ')' || text[s-1] == '[' && text[e] == ']') {
		return true
	}
	i := s
	for i > 0 && (text[i-1] == ' ' || text[i-1] == '.') && s-i < 2 {
		i--
	}
	if i == s {
		return false
	}
	ws := i
	for ws > 0 && doctext.IsWordByte(text[ws-1]) {
		ws--
	}
	return ws < i && i-ws <= 14 && enumeratorWords[strings.ToLower(text[ws:i])]
}

// numberWordValues returns the values of every run of number words in
// text, in any context ("three issues" gives 3), so that a revision
// writing a figure the previous candidate spelled out changes nothing.
func numberWordValues(text string) map[string]bool {
	out := map[string]bool{}
	ws := doctext.WordSpans(text)
	var buf []byte
	for i := 0; i < len(ws); i++ {
		words, j, nb := numberWordRun(text, ws, i, buf)
		buf = nb
		if len(words) == 0 {
			continue
		}
		if v, ok := doctext.ParseNumberWords(words); ok {
			out[strconv.Itoa(v)] = true
		}
		i = j - 1
	}
	return out
}

// numberWordRun reads the run of number words starting at word i (at most
// maxNumberWords; "and" may join them after the first) and returns them
// lower-cased, the index of the first word after the run, and buf for
// reuse.
func numberWordRun(text string, ws []doctext.Span, i int, buf []byte) (words []string, j int, _ []byte) {
	for j = i; j < len(ws) && j-i < doctext.MaxNumberWords; j++ {
		buf = doctext.LowerInto(buf, text[ws[j].Start:ws[j].End])
		w := string(buf)
		if _, ok := doctext.NumberWords[w]; !ok && !(w == "and" && j > i) {
			break
		}
		words = append(words, w)
	}
	return words, j, buf
}

// numberWordFacts finds spelled-out numbers followed by a unit ("thirty
// days", "twenty-five percent", "two business days").
func numberWordFacts(text string, ws []doctext.Span, free func(s, e int) bool) []fact {
	var out []fact
	var buf []byte
	for i := 0; i < len(ws); i++ {
		buf = doctext.LowerInto(buf, text[ws[i].Start:ws[i].End])
		if _, ok := doctext.NumberWords[string(buf)]; !ok {
			continue
		}
		words, j, nb := numberWordRun(text, ws, i, buf)
		buf = nb
		for len(words) > 0 && words[len(words)-1] == "and" {
			words, j = words[:len(words)-1], j-1
		}
		if j >= len(ws) {
			break
		}
		buf = doctext.LowerInto(buf, text[ws[j].Start:ws[j].End])
		if !unitWords[string(buf)] {
			i = j - 1
			continue
		}
		v, ok := doctext.ParseNumberWords(words)
		s, e := ws[i].Start, ws[j-1].End
		if ok && free(s, e) {
			out = append(out, fact{kind: FactNumber, key: strconv.Itoa(v), start: s, end: e, num: float64(v)})
		}
		i = j - 1
	}
	return out
}

// scanSectionRefs finds section and attachment references with the
// cross-reference check's grammar (refKeywords, refFirstNumRe, ...): one
// fact per id, keyed "num 3.2", "exhibit b".
func scanSectionRefs(text string, ws []doctext.Span) []fact {
	var out []fact
	var buf []byte
	emit := func(kwStart, kwEnd int, ns string) {
		window := text[kwEnd:min(len(text), kwEnd+240)]
		firstRe, nextRe := doctext.RefFirstNumRe, doctext.RefNextNumRe
		if ns != "num" {
			firstRe, nextRe = doctext.RefFirstAttachRe, doctext.RefNextAttachRe
		}
		m := firstRe.FindStringSubmatchIndex(window)
		if m == nil {
			return
		}
		add := func(s, e int) {
			out = append(out, fact{kind: FactReference, key: ns + " " + strings.ToLower(window[s:e]), start: kwStart, end: kwEnd + e})
		}
		add(m[2], m[3])
		pos := m[1]
		for {
			n := nextRe.FindStringSubmatchIndex(window[pos:])
			if n == nil {
				break
			}
			add(pos+n[2], pos+n[3])
			pos += n[1]
		}
	}
	for _, w := range ws {
		if w.End-w.Start < 5 || w.End-w.Start > 10 {
			continue
		}
		buf = doctext.LowerInto(buf, text[w.Start:w.End])
		if ns, ok := doctext.RefKeywords[string(buf)]; ok {
			emit(w.Start, w.End, ns)
		}
	}
	for i := 0; ; {
		k := strings.Index(text[i:], "§")
		if k < 0 {
			break
		}
		s := i + k
		e := s + len("§")
		if strings.HasPrefix(text[e:], "§") {
			e += len("§")
		}
		emit(s, e, "num")
		i = e
	}
	return out
}

// scanEvidenceRefs finds citations of evidence: the task's evidence IDs as
// whole words, and ID-shaped tokens that the task does not hold (inside
// square brackets, or with the letter prefix of the task's own IDs, such
// as "E9" when the task has E1 and E2). Keys are the IDs as written.
func scanEvidenceRefs(text string, ws []doctext.Span, o factsOptions) []fact {
	var out []fact
	seen := map[int]bool{}
	for _, w := range ws {
		tok := text[w.Start:w.End]
		if o.evidenceIDs[tok] && (idShaped(tok) || bracketed(text, w.Start, w.End)) {
			out = append(out, fact{kind: FactEvidenceRef, key: tok, start: w.Start, end: w.End})
			seen[w.Start] = true
			continue
		}
		if p, ok := idPrefix(tok); ok && o.idPrefixes[p] {
			out = append(out, fact{kind: FactEvidenceRef, key: tok, start: w.Start, end: w.End})
			seen[w.Start] = true
		}
	}
	// Whole-text IDs with punctuation ("doc-7", "policy.md#4") and bracketed
	// citations.
	for id := range o.evidenceIDs {
		if strings.IndexFunc(id, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' }) < 0 {
			continue // plain IDs were found as words
		}
		for i := 0; ; {
			k := strings.Index(text[i:], id)
			if k < 0 {
				break
			}
			s, e := i+k, i+k+len(id)
			if (s == 0 || !doctext.IsWordByte(text[s-1])) && (e == len(text) || !doctext.IsWordByte(text[e])) && !seen[s] {
				out = append(out, fact{kind: FactEvidenceRef, key: id, start: s, end: e})
				seen[s] = true
			}
			i = e
		}
	}
	for _, m := range bracketCiteRe.FindAllStringSubmatchIndex(text, -1) {
		if m[1] < len(text) && text[m[1]] == '(' {
			continue // a Markdown link's text
		}
		off := m[2]
		for _, part := range strings.FieldsFunc(text[m[2]:m[3]], func(r rune) bool { return r == ',' || r == ';' }) {
			tok := strings.TrimSpace(part)
			s := off + strings.Index(text[off:m[3]], tok)
			off = s + len(tok)
			if tok == "" || seen[s] || !citationShaped(tok) {
				continue
			}
			out = append(out, fact{kind: FactEvidenceRef, key: tok, start: s, end: s + len(tok)})
			seen[s] = true
		}
	}
	return out
}

// idPrefix returns the letter prefix of an ID shaped like letters, an
// optional '-' or '_', then digits ("E" of "E12", "doc-" of "doc-7").
func idPrefix(id string) (string, bool) {
	i := 0
	for i < len(id) && (id[i]|0x20 >= 'a' && id[i]|0x20 <= 'z') {
		i++
	}
	if i == 0 {
		return "", false
	}
	if i < len(id) && (id[i] == '-' || id[i] == '_') {
		i++
	}
	j := i
	for j < len(id) && id[j] >= '0' && id[j] <= '9' {
		j++
	}
	if j == i || j != len(id) {
		return "", false
	}
	return id[:i], true
}

// idShaped reports whether an evidence ID holds a digit or ID punctuation
// ("E2", "doc-7"); an ID that is a plain word ("policy", "crm") is a
// citation only where it is bracketed, since elsewhere it is prose.
func idShaped(id string) bool {
	return strings.IndexFunc(id, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0
}

// bracketed reports whether text[s:e] sits in a citation list: the nearest
// non-space bytes around it are brackets, parentheses, commas or
// semicolons ("[policy]", "(crm, E2)").
func bracketed(text string, s, e int) bool {
	i := s - 1
	for i >= 0 && (text[i] == ' ' || text[i] == '\t') {
		i--
	}
	j := e
	for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
		j++
	}
	return i >= 0 && strings.IndexByte("[(,;", text[i]) >= 0 && j < len(text) && strings.IndexByte("]),;", text[j]) >= 0
}

// citationShaped reports whether a bracketed token looks like an evidence
// ID: one word of letters, digits and ID punctuation, holding a digit
// ("E9", "doc-12", "ev_3"), not a placeholder ("[DATE]") or prose.
func citationShaped(tok string) bool {
	if len(tok) > 40 || strings.ContainsAny(tok, " \t") {
		return false
	}
	digit, letter := false, false
	for _, r := range tok {
		switch {
		case r >= '0' && r <= '9':
			digit = true
		case unicode.IsLetter(r):
			letter = true
		case strings.ContainsRune("-_.:#/", r):
		default:
			return false
		}
	}
	return digit && letter
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

// labelFacts returns the section and attachment labels text defines
// (headings and numbered lines), keyed like references.
func labelFacts(text string) []fact {
	var out []fact
	for _, m := range labelNumRe.FindAllStringSubmatchIndex(text, -1) {
		out = append(out, fact{kind: FactReference, key: "num " + text[m[2]:m[3]], start: m[2], end: m[3]})
	}
	for _, m := range labelAttachRe.FindAllStringSubmatchIndex(text, -1) {
		out = append(out, fact{kind: FactReference, key: strings.ToLower(text[m[2]:m[3]]) + " " + strings.ToLower(text[m[4]:m[5]]), start: m[2], end: m[5]})
	}
	return out
}
