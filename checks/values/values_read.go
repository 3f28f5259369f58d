package values

import (
	"slices"
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// This file reads the values of one sentence: the value itself
// (readValueAt), how it is stated (flags, tense) and what it is attached
// to (head and context words).

// maxValueLookaround bounds how many tokens are read around a value.
const maxValueLookaround = 10

// rawValue is a value as read from the tokens.
type rawValue struct {
	class      string
	rate       string
	val, val2  float64
	start, end int
	first      int // index of its first token
	next       int // index of the token after it
}

// sentence reads the values of text[from:to] into d.
func (d *valueDoc) sentence(from, to int, c sentCtx) {
	text := d.text
	if c.cellCurrency == "" && !c.mayHold && !vMayHoldValue(text[from:to]) {
		return // no figure, currency or number word: nothing to read
	}
	d.toks = vTokenize(d.toks[:0], text, from, to)
	d.dropSkipped()
	d.internToks()
	// The values first: most sentences hold none, and only those that do
	// are described.
	d.readRawValues()
	if len(d.raw) == 0 && c.cellCurrency != "" {
		d.bareCellFigure(c.cellCurrency)
	}
	if len(d.raw) == 0 {
		return
	}
	d.countWords()
	first := d.addMentions(c)
	d.markLists(first)
	d.calculations()
	s := vsent{start: from, end: to, block: c.block, table: c.table, list: c.list, row: c.row, col: c.colIdx}
	s.anchors = d.tokenAnchors(append(append(s.anchors, c.inherited...), c.anchors...))
	s.inh = len(c.inherited)
	s.label = c.ownClause
	s.cond = d.condition()
	for k := first; k < len(d.ms); k++ {
		if m := d.ms[k]; m.class == "date" {
			s.quals = append(s.quals, vDateQual(m.val, m.val2))
		}
	}
	for _, a := range s.anchors {
		if strings.HasPrefix(a, "per:") {
			s.quals = append(s.quals, a)
		}
		s.hasID = s.hasID || strings.HasPrefix(a, "id:")
	}
	d.sentTense(first, c)
	if len(d.sents) == cap(d.sents) {
		d.sents = slices.Grow(d.sents, cap(d.sents)) // double, as for d.ms
	}
	d.sents = append(d.sents, s)
}

// readRawValues sets d.raw to the values of the sentence's tokens outside
// code and struck-out text.
func (d *valueDoc) readRawValues() {
	d.raw = d.raw[:0]
	for i := 0; i < len(d.toks); i++ {
		if !d.mayOpenValue(i) {
			continue // most tokens: no call, no value copied back
		}
		v, ok := d.readValueAt(i)
		if !ok {
			continue
		}
		if v.first == 0 {
			v.first = i
		}
		if !d.excludedAt(v.start) {
			d.raw = append(d.raw, v)
		}
		i = v.next - 1
	}
}

// bareCellFigure reads a table cell that holds one bare figure under an
// amount column ("| Build | 48,500 |") as an amount in the column's
// currency.
func (d *valueDoc) bareCellFigure(currency string) {
	only := -1
	for i, t := range d.toks {
		if s := d.sym(i); s == "*" || s == "_" {
			continue
		}
		if t.kind != tNum || only >= 0 {
			only = -2
			break
		}
		only = i
	}
	if only >= 0 {
		if v, ok := vFigureValue(d.text[d.toks[only].start:d.toks[only].end]); ok {
			d.raw = append(d.raw, rawValue{class: "money:" + currency, val: v, start: d.toks[only].start, end: d.toks[only].end, first: only, next: only + 1})
		}
	}
}

// countWords sets the sentence's word ids and counts its words' document
// frequency, over the sentences that hold values, which is what the
// weights compare.
func (d *valueDoc) countWords() {
	n := len(d.toks)
	if cap(d.tokIDs) < n {
		d.tokIDs = make([]int32, n, 2*n)
	}
	d.tokIDs = d.tokIDs[:n]
	stamp := int32(d.nsents)
	for i := range d.toks {
		id := d.tokID(i)
		d.tokIDs[i] = id
		if id >= 0 && d.seen[id] != stamp {
			d.seen[id] = stamp
			d.df[id]++
		}
	}
	d.nsents++
}

// addMentions describes the sentence's values (d.raw) as mentions of the
// sentence about to be added, and returns the index of the first.
func (d *valueDoc) addMentions(c sentCtx) int {
	si := len(d.sents)
	first := len(d.ms)
	for _, v := range d.raw {
		m := mention{class: v.class, rate: v.rate, val: v.val, val2: v.val2, start: v.start, end: v.end, sent: si}
		m.digits, m.intDigits = vDigitKey(m.val)
		m.frame = d.frameOf(v.first, v.next)
		if c.table > 0 {
			m.col = c.col
			if m.rate == "" && strings.HasPrefix(m.class, "money:") {
				m.rate = c.colRate
			}
		}
		d.describe(&m, v, c)
		if len(d.ms) == cap(d.ms) {
			// Double, not the runtime's 1.25 for large slices: a text
			// denser in values than the estimate is copied once, not
			// thrice.
			d.ms = slices.Grow(d.ms, cap(d.ms))
		}
		d.ms = append(d.ms, m)
	}
	return first
}

// excludedAt reports whether offset i is inside code or struck-out text on
// the current line (set by the caller through d.skip).
func (d *valueDoc) excludedAt(i int) bool {
	d.lineSpans()
	return vInAnySpan(d.skip, i)
}

// vInAnySpan reports whether offset i lies in one of spans (a line's few
// spans, which may overlap).
func vInAnySpan(spans []doctext.Span, i int) bool {
	for _, s := range spans {
		if s.Start <= i && i < s.End {
			return true
		}
	}
	return false
}

// quotedAt reports whether offset i is inside a quotation on the current
// line.
func (d *valueDoc) quotedAt(i int) bool {
	d.lineSpans()
	return d.lineQuoted || vInAnySpan(d.quotes, i)
}

// mayOpenValue reports false for a token at which readValueAt reads no
// value by its first tests: a symbol not before a figure, a word that is
// not three to nine bytes opening with a capital or one of a number
// word's first letters.
func (d *valueDoc) mayOpenValue(i int) bool {
	t := d.toks[i]
	switch t.kind {
	case tNum:
		return true
	case tSym:
		return i+1 < len(d.toks) && d.toks[i+1].kind == tNum
	case tWord:
		n, c0 := t.end-t.start, d.text[t.start]
		return n >= 3 && n <= 9 && (c0 >= 'A' && c0 <= 'Z' || strings.IndexByte("otfsenzh", c0) >= 0)
	}
	return false
}

// readValueAt reads the value starting at token i, if any.
func (d *valueDoc) readValueAt(i int) (rawValue, bool) {
	toks, text := d.toks, d.text
	t := toks[i]
	switch t.kind {
	case tSym:
		code, ok := doctext.CurrencySigns[text[t.start:t.end]]
		if !ok || i+1 >= len(toks) || toks[i+1].kind != tNum {
			return rawValue{}, false
		}
		start := t.start
		if i > 0 && !t.space && toks[i-1].kind == tWord {
			if c, ok := doctext.DollarPrefixes[d.lowerTok(i-1)]; ok && code == "USD" {
				code, start = c, toks[i-1].start
			}
		}
		return d.money(code, start, i, i+1)
	case tWord:
		n := t.end - t.start
		c0 := text[t.start]
		// Cheap filters first: a currency code is three capitals, a month
		// is capitalised, a number word starts with one of a few letters.
		if n < 3 || n > 9 || !(c0 >= 'A' && c0 <= 'Z' || strings.IndexByte("otfsenzh", c0) >= 0) {
			return rawValue{}, false
		}
		if !(c0 >= 'A' && c0 <= 'Z') && !vIsNumberWord(text[t.start:t.end]) {
			return rawValue{}, false
		}
		w := d.lowerTok(i)
		lex := d.lexAt(i, w)
		if lex == 0 {
			return rawValue{}, false // no currency, month or number word
		}
		if code, ok := doctext.CurrencyWords[w]; ok && len(w) == 3 && i+1 < len(toks) && toks[i+1].kind == tNum && text[t.start] >= 'A' && text[t.start] <= 'Z' {
			return d.money(code, t.start, i, i+1)
		}
		if _, ok := doctext.Months[w]; ok && c0 >= 'A' && c0 <= 'Z' {
			return d.dateAt(i)
		}
		if _, ok := doctext.NumberWords[w]; ok && w != "hundred" && w != "thousand" && w != "million" && w != "billion" {
			return d.numberWords(i)
		}
	case tNum:
		// A clause number ("Section 4.2", "§ 7") is no value.
		if i > 0 && (toks[i-1].kind == tWord && len(text[toks[i-1].start:toks[i-1].end]) <= 10 && d.refWordAt(i-1) || d.sym(i-1) == "§") {
			return rawValue{}, false
		}
		if v, ok := d.dateAt(i); ok {
			return v, true
		}
		val, ok := vFigureValue(text[t.start:t.end])
		if !ok {
			return rawValue{}, false
		}
		// A figure glued to letters is a label or a code ("20GB", "14A"),
		// unless the letters are a scale or a unit.
		if v, ok := d.timeAt(i, val); ok {
			return v, true
		}
		j := i + 1
		if j < len(toks) && toks[j].kind == tWord {
			w := d.lowerTok(j)
			if sc, ok := doctext.ScaleWords[w]; ok && (d.adjacent(j) || len(w) > 2) {
				if j+1 < len(toks) && toks[j+1].kind == tWord {
					if code, ok := doctext.CurrencyWords[d.lowerTok(j+1)]; ok {
						return d.finishMoney(code, t.start, toks[j+1].end, val*sc, j+2), true
					}
				}
			}
			if code, ok := doctext.CurrencyWords[w]; ok {
				return d.finishMoney(code, t.start, toks[j].end, val, j+1), true
			}
		}
		if v, ok := d.unitAfter(i, i+1, val, t.start); ok {
			return v, true
		}
		return d.countAfter(i, i+1, val, t.start)
	}
	return rawValue{}, false
}

// unitAfter reads the unit after a number ending before token j: a
// percentage, a multiple ("3x", "three times"), a duration ("30 days",
// "14-day", "10 business days", "59 hours and 25 minutes").
func (d *valueDoc) unitAfter(i, j int, v float64, start int) (rawValue, bool) {
	toks, text := d.toks, d.text
	if j >= len(toks) {
		return rawValue{}, false
	}
	if s := d.sym(j); s == "%" {
		return rawValue{class: "percent", val: v, start: start, end: toks[j].end, next: j + 1}, true
	}
	if toks[j].kind == tSym && (d.sym(j) == "×" || d.sym(j) == "x") && d.adjacent(j) {
		if j+1 >= len(toks) || toks[j+1].kind == tWord {
			return rawValue{class: "multiple", val: v, start: start, end: toks[j].end, next: j + 1}, true
		}
		return rawValue{}, false
	}
	k := j
	for k < len(toks) && k < j+4 && (d.sym(k) == "*" || d.sym(k) == "_") {
		k++ // "**30** days"
	}
	if d.sym(k) == "-" && d.adjacent(k) {
		k++
	}
	if k >= len(toks) || toks[k].kind != tWord {
		return rawValue{}, false
	}
	w := d.lowerTok(k)
	switch w {
	case "percent", "pct":
		return rawValue{class: "percent", val: v, start: start, end: toks[k].end, next: k + 1}, true
	case "per":
		if d.tokIs(k+1, "cent") {
			return rawValue{class: "percent", val: v, start: start, end: toks[k+1].end, next: k + 2}, true
		}
		return rawValue{}, false
	case "x":
		if d.adjacent(k) && (k+1 >= len(toks) || toks[k+1].kind != tNum && d.sym(k+1) == "" || d.sym(k+1) == "-") {
			return rawValue{class: "multiple", val: v, start: start, end: toks[k].end, next: k + 1}, true
		}
		return rawValue{}, false
	case "times":
		if k+1 < len(toks) && (toks[k+1].kind == tNum || doctext.CurrencySigns[d.sym(k+1)] != "") {
			return rawValue{}, false // "3 times $20": arithmetic
		}
		return rawValue{class: "multiple", val: v, start: start, end: toks[k].end, next: k + 1}, true
	}
	class := ""
	if q, ok := vDayQualifiers[w]; ok && k+1 < len(toks) && toks[k+1].kind == tWord {
		if u, ok := vDurationUnits[d.lowerTok(k+1)]; ok && u.class == "days" {
			class = q
			k++
			w = d.lowerTok(k)
		}
	}
	u, ok := vDurationUnits[w]
	if !ok || (w == "h" || w == "min") && !d.adjacent(k) {
		return rawValue{}, false
	}
	if class == "" {
		class = u.class
	}
	val := v * u.factor
	end := toks[k].end
	next := k + 1
	// "59 hours and 25 minutes"
	if u.class == "minutes" && next+2 < len(toks) && d.tokIs(next, "and") && toks[next+1].kind == tNum {
		if f, ok := vFigureValue(text[toks[next+1].start:toks[next+1].end]); ok {
			if u2, ok := vDurationUnits[strings.ToLower(text[toks[next+2].start:toks[next+2].end])]; ok && u2.class == "minutes" {
				val += f * u2.factor
				end = toks[next+2].end
				next += 3
			}
		}
	}
	r := rawValue{class: class, val: val, start: start, end: end, next: next}
	r.rate = d.rateAfter(next)
	return r, true
}

// markLists marks the values of the sentence just read (from index first)
// that form an enumeration ("$10, $50 and $100", "30 or 60 days"): they
// share their noun phrase, which therefore names none of them.
func (d *valueDoc) markLists(first int) {
	ms := d.ms[first:]
	for i := 1; i < len(ms); i++ {
		p, q := &ms[i-1], &ms[i]
		if p.class != q.class || !vListSeparator(d.text[p.end:q.start]) {
			continue
		}
		for _, m := range []*mention{p, q} {
			if m.flags&fList == 0 {
				m.flags |= fList
				m.head = nil
			}
		}
	}
}

// vListSeparator reports whether s only separates items of a list: commas,
// "and", "or", "/", "&", brackets and emphasis.
func vListSeparator(s string) bool {
	if len(s) > 12 {
		return false
	}
	s = strings.TrimSpace(strings.Trim(s, " ,/&*_"))
	s = strings.TrimSpace(strings.Trim(s, " ,/&*_"))
	return s == "" || s == "and" || s == "or" || s == "and/or"
}

// dropSkipped removes the tokens inside code and struck-out text on the
// current line: they are neither values nor context.
func (d *valueDoc) dropSkipped() {
	d.lineSpans()
	if len(d.skip) == 0 {
		return
	}
	out := d.toks[:0]
	for _, t := range d.toks {
		if !vInAnySpan(d.skip, t.start) {
			out = append(out, t)
		}
	}
	d.toks = out
}

// frameOf hashes the frame around a value: the nearest word before and
// the subject words of the six tokens after ("For 18 months after the end
// of this agreement"), when at least two subject words follow; 0
// otherwise.
func (d *valueDoc) frameOf(first, next int) uint64 {
	var h uint64 = 14695981039346656037
	mix := func(x uint64) {
		h ^= x
		h *= 1099511628211
	}
	for k := first - 1; k >= 0 && k >= first-2; k-- {
		if d.toks[k].kind == tWord {
			w := d.lowerTok(k)
			for i := 0; i < len(w); i++ {
				mix(uint64(w[i])) // the nearest word before
			}
			break
		}
	}
	content := 0
	for k := next; k < len(d.toks) && k < next+6; k++ {
		if d.toks[k].kind == tNum {
			return 0
		}
		if id := d.tokIDs[k]; id >= 0 && !d.generic(id) {
			mix(uint64(id) + 1)
			content++
		}
	}
	if content < 2 {
		return 0 // "per seat per month" is a unit, not a frame
	}
	return h
}

// vLineNumber reports whether the number at start opens its line (after
// indentation, a heading's "#", a list marker or emphasis) in the form of
// a clause number ("1.2 Guests", "## 3. Fees"): it numbers the line, it
// counts nothing.
func vLineNumber(text string, start int) bool {
	// Walk back over the line's markup only: searching for the line start
	// would make a long line quadratic in its numbers.
	for b := start - 1; b >= 0 && text[b] != '\n'; b-- {
		if strings.IndexByte(" \t#*_-+>", text[b]) < 0 {
			return false
		}
	}
	e := start
	for e < len(text) && (text[e] >= '0' && text[e] <= '9' || text[e] == '.') {
		e++
	}
	return strings.Contains(text[start:e], ".")
}

// vConditionWords open a sentence whose values hold only under its
// condition: "If you pay early, we take 5% off", "Where the card is
// lost, ...".
var vConditionWords = map[string]bool{"if": true, "when": true, "where": true, "unless": true, "once": true, "provided": true, "whenever": true}

// condition returns the subject word ids of the condition the current
// sentence opens with, up to the comma that ends it; nil when it opens
// with none. Two values under conditions that share no word are stated
// for different cases, not two ways.
func (d *valueDoc) condition() []int32 {
	k := 0
	for k < len(d.toks) && d.toks[k].kind != tWord {
		k++ // a list marker or an opening bracket
	}
	if k >= len(d.toks) || !vConditionWords[d.lowerTok(k)] {
		return nil
	}
	var ids []int32
	for k++; k < len(d.toks) && k < 40; k++ {
		if d.toks[k].kind == tSym && d.sym(k) == "," {
			return ids
		}
		if id := d.tokIDs[k]; id >= 0 && !d.generic(id) && !vContainsID(ids, id) {
			ids = append(ids, id)
		}
	}
	return nil // no comma closes it: not read as a condition
}
