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

// lowerTok returns token i lower-cased (cached per document, so a
// capitalised word is copied once). Words longer than 32 bytes or not
// ASCII return "".
func (d *valueDoc) lowerTok(i int) string {
	t := d.toks[i]
	if t.word > 0 {
		return d.words[t.word-1].lower // interned: no lookup
	}
	w := d.text[t.start:t.end]
	for k := 0; k < len(w); k++ {
		if c := w[k]; c >= 'A' && c <= 'Z' || c >= 0x80 {
			if l, ok := d.lower[w]; ok {
				return l
			}
			l, _ := vLowerWord(&d.lbuf, w)
			if d.lower == nil {
				d.lower = map[string]string{}
			}
			d.lower[w] = l
			return l
		}
	}
	return w // already lower case: no copy
}

// vWord is what is known of one word as written, computed once per
// document: its lower-case form, whether sentTense reads it, and its
// subject id (read on first need, so that only the words of sentences
// holding values get ids).
type vWord struct {
	lower  string
	id     int32 // subject word id, or -1; valid once idDone
	idDone bool
	tense  bool // a word sentTense acts on (see vTenseWord)
	ref    bool // one of vRefWords ("clause", "section")
	lex    uint8
}

// What a word may start, as vWord.lex bits (see vLex).
const (
	vlCurrency uint8 = 1 << iota // a key of valueCurrencies
	vlMonth                      // a key of months
	vlNumber                     // a key of numberWords
)

// vLex returns the vWord.lex bits of the lower-case word w.
func vLex(w string) uint8 {
	var b uint8
	if _, ok := valueCurrencies[w]; ok {
		b |= vlCurrency
	}
	if _, ok := doctext.Months[w]; ok {
		b |= vlMonth
	}
	if _, ok := doctext.NumberWords[w]; ok {
		b |= vlNumber
	}
	return b
}

// lexAt returns the vWord.lex bits of token i, whose lower case is w:
// from its interned word when it has one.
func (d *valueDoc) lexAt(i int, w string) uint8 {
	if t := d.toks[i]; t.word > 0 {
		return d.words[t.word-1].lex
	}
	return vLex(w)
}

// internToks sets the word index of every word token of the sentence: one
// map lookup per token, after which lowerTok, tokID and sentTense read a
// slice.
func (d *valueDoc) internToks() {
	for i := range d.toks {
		t := &d.toks[i]
		if t.kind != tWord {
			continue
		}
		w := d.text[t.start:t.end]
		k, ok := d.surface[w]
		if !ok {
			t.word = 0
			l := d.lowerTok(i)
			d.words = append(d.words, vWord{lower: l, tense: vTenseWord(l), ref: vRefWords[l], lex: vLex(l)})
			k = int32(len(d.words))
			if d.surface == nil {
				d.surface = map[string]int32{}
			}
			d.surface[w] = k
		}
		t.word = k
	}
}

// vTenseWord reports whether sentTense acts on the lower-case word w: a
// proposing, hypothetical or old-text marker, or a word of need.
func vTenseWord(w string) bool {
	if vProposalWords[w] || vHypoWords[w] {
		return true
	}
	switch w {
	case "requires", "require", "need", "needs", "expect", "expects", "want", "wants",
		"such", "currently", "presently", "originally", "drafted", "stands":
		return true
	}
	return false
}

// tokIs reports whether token i is one of words (compared ignoring case).
func (d *valueDoc) tokIs(i int, words ...string) bool {
	if i < 0 || i >= len(d.toks) {
		return false
	}
	t := d.toks[i]
	s := d.text[t.start:t.end]
	for _, w := range words {
		if len(s) == len(w) && strings.EqualFold(s, w) {
			return true
		}
	}
	return false
}

// sym returns token i's text when it is a symbol, else "".
func (d *valueDoc) sym(i int) string {
	if i < 0 || i >= len(d.toks) || d.toks[i].kind != tSym {
		return ""
	}
	return d.text[d.toks[i].start:d.toks[i].end]
}

// adjacent reports whether token i follows token i-1 with no space.
func (d *valueDoc) adjacent(i int) bool {
	return i > 0 && i < len(d.toks) && !d.toks[i].space
}

// keyOf returns the subject key of a word ("" for none), cached per
// document.
func (d *valueDoc) keyOf(w string) string {
	if k, ok := d.keys[w]; ok {
		return k // the word as written, seen before
	}
	var buf [32]byte
	lw, ok := vLowerWord(&buf, w)
	if !ok {
		return ""
	}
	if k, ok := d.keys[lw]; ok {
		d.keys[w] = k
		return k
	}
	k, _ := vSubjectKey(lw)
	d.keys[lw] = k
	d.keys[w] = k
	return k
}

// idOf returns the id of a subject key, adding it.
func (d *valueDoc) idOf(k string) int32 {
	if id, ok := d.ids[k]; ok {
		return id
	}
	id := int32(len(d.df))
	d.ids[k] = id
	if valueWordLists().generic[k] {
		if d.generic == nil {
			d.generic = map[int32]bool{}
		}
		d.generic[id] = true
	}
	d.df = append(d.df, 0)
	d.seen = append(d.seen, -1)
	return id
}

// wordIDs appends the ids of the subject words of s to dst.
func (d *valueDoc) wordIDs(dst []int32, s string, _ bool) []int32 {
	for i := 0; i < len(s); {
		a, b := doctext.NextWord(s, i, len(s))
		if a >= len(s) {
			break
		}
		i = b
		if k := d.keyOf(s[a:b]); k != "" {
			dst = vAppendID(dst, d.idOf(k))
		}
	}
	return dst
}

// vAppendID appends id to a set kept as a slice.
func vAppendID(set []int32, id int32) []int32 {
	for _, x := range set {
		if x == id {
			return set
		}
	}
	return append(set, id)
}

// tokID returns the subject word id of token i, or -1.
func (d *valueDoc) tokID(i int) int32 {
	t := d.toks[i]
	if t.kind != tWord {
		return -1
	}
	if t.word == 0 {
		d.internToks()
		t = d.toks[i]
	}
	info := &d.words[t.word-1]
	if info.idDone {
		return info.id // a word as written, seen before (most are)
	}
	w := d.text[t.start:t.end]
	k := d.keyOf(w)
	id := int32(-1)
	if k != "" {
		id = d.idOf(k)
		if len(w) >= 2 && len(w) <= 5 && vAllCaps(w) {
			if d.acronym == nil {
				d.acronym = map[int32]bool{}
			}
			d.acronym[id] = true
		}
	}
	info.id, info.idDone = id, true
	return id
}

// vAllCaps reports whether w is all capital ASCII letters.
func vAllCaps(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < 'A' || w[i] > 'Z' {
			return false
		}
	}
	return true
}

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
	n := len(d.toks)
	// The values first: most sentences hold none, and only those that do
	// are described.
	d.raw = d.raw[:0]
	for i := 0; i < n; i++ {
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
	if len(d.raw) == 0 && c.cellCurrency != "" {
		// A bare figure under an amount column: "| Build | 48,500 |".
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
			if v, ok := vFigureValue(text[d.toks[only].start:d.toks[only].end]); ok {
				d.raw = append(d.raw, rawValue{class: "money:" + c.cellCurrency, val: v, start: d.toks[only].start, end: d.toks[only].end, first: only, next: only + 1})
			}
		}
	}
	if len(d.raw) == 0 {
		return
	}
	// Words of the sentence: document frequency over the sentences that
	// hold values, which is what the weights compare.
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
	d.markLists(first)
	d.calculations()
	s := vsent{start: from, end: to, block: c.block, table: c.table, list: c.list, row: c.row, col: c.colIdx}
	s.anchors = d.tokenAnchors(append(append(s.anchors, c.inherited...), c.anchors...))
	s.inh = len(c.inherited)
	s.label = c.ownClause
	for k := first; k < len(d.ms); k++ {
		if m := d.ms[k]; m.class == "date" {
			s.quals = append(s.quals, vDateQual(m.val, m.val2))
		}
	}
	for _, a := range s.anchors {
		if strings.HasPrefix(a, "per:") {
			s.quals = append(s.quals, a)
		}
	}
	d.sentTense(first, c)
	if len(d.sents) == cap(d.sents) {
		d.sents = slices.Grow(d.sents, cap(d.sents)) // double, as for d.ms
	}
	d.sents = append(d.sents, s)
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

// readValueAt reads the value starting at token i, if any.
func (d *valueDoc) readValueAt(i int) (rawValue, bool) {
	toks, text := d.toks, d.text
	t := toks[i]
	switch t.kind {
	case tSym:
		code, ok := valueCurrencySigns[text[t.start:t.end]]
		if !ok || i+1 >= len(toks) || toks[i+1].kind != tNum {
			return rawValue{}, false
		}
		start := t.start
		if i > 0 && !t.space && toks[i-1].kind == tWord {
			if c, ok := vDollarPrefixes[d.lowerTok(i-1)]; ok && code == "USD" {
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
		if code, ok := valueCurrencies[w]; ok && len(w) == 3 && i+1 < len(toks) && toks[i+1].kind == tNum && text[t.start] >= 'A' && text[t.start] <= 'Z' {
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
			if sc, ok := valueScales[w]; ok && (d.adjacent(j) || len(w) > 2) {
				if j+1 < len(toks) && toks[j+1].kind == tWord {
					if code, ok := valueCurrencies[d.lowerTok(j+1)]; ok {
						return d.finishMoney(code, t.start, toks[j+1].end, val*sc, j+2), true
					}
				}
			}
			if code, ok := valueCurrencies[w]; ok {
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

// money reads "<currency> <figure> [scale]" with the currency at token cur
// and the figure at num.
func (d *valueDoc) money(code string, start, cur, num int) (rawValue, bool) {
	toks, text := d.toks, d.text
	val, ok := vFigureValue(text[toks[num].start:toks[num].end])
	if !ok {
		return rawValue{}, false
	}
	end := toks[num].end
	j := num + 1
	if j < len(toks) && toks[j].kind == tWord {
		w := d.lowerTok(j)
		if sc, ok := valueScales[w]; ok && (d.adjacent(j) || len(w) > 2) {
			val *= sc
			end = toks[j].end
			j++
		}
	}
	return d.finishMoney(code, start, end, val, j), true
}

// finishMoney reads what may follow an amount: a rate ("a month", "/kg").
func (d *valueDoc) finishMoney(code string, start, end int, val float64, next int) rawValue {
	v := rawValue{class: "money:" + code, val: val, start: start, end: end, next: next}
	v.rate = d.rateAfter(next)
	return v
}

// rateAfter reads a rate after a value: "a month", "per calendar year",
// "/mo", "each night", "monthly", or one stated after a short noun phrase
// ("£600,000 of purchases a year").
func (d *valueDoc) rateAfter(j int) string {
	toks := d.toks
	for k := j; k < len(toks) && k < j+5; k++ {
		t := toks[k]
		if t.kind == tNum {
			return ""
		}
		if t.kind == tSym {
			if d.sym(k) == "/" && k+1 < len(toks) && toks[k+1].kind == tWord {
				if r, ok := vRateUnits[d.lowerTok(k+1)]; ok {
					return r
				}
			}
			if s := d.sym(k); s != "*" && s != "_" && s != "-" && s != ")" {
				return ""
			}
			continue
		}
		w := d.lowerTok(k)
		switch w {
		case "a", "an", "per", "each", "every":
			for m := k + 1; m < len(toks) && m <= k+2; m++ {
				if toks[m].kind != tWord {
					break
				}
				if r, ok := vRateUnits[d.lowerTok(m)]; ok {
					if w == "each" && m == k+1 && k == j && (r == "item" || r == "seat" || r == "person") {
						return ""
					}
					return r
				}
			}
			return ""
		case "monthly", "annually", "weekly", "daily", "yearly", "quarterly", "pa", "pcm", "hourly", "nightly":
			if k == j {
				return vRateUnits[strings.TrimSuffix(w, "ly")+""] + vRateAlias(w)
			}
		case "of":
		default:
			if k > j+3 {
				return ""
			}
		}
	}
	return ""
}

// vRateAlias maps an adverb of frequency to its rate unit.
func vRateAlias(w string) string {
	switch w {
	case "monthly", "pcm", "month":
		return "month"
	case "annually", "yearly", "pa":
		return "year"
	case "weekly":
		return "week"
	case "daily":
		return "day"
	case "quarterly":
		return "quarter"
	case "hourly":
		return "hour"
	case "nightly":
		return "night"
	}
	return ""
}

// numberWords reads number words at i ("twenty-four", "one hundred and
// twenty"), with an optional figure in brackets ("thirty (30)"), followed
// by a unit.
func (d *valueDoc) numberWords(i int) (rawValue, bool) {
	toks, text := d.toks, d.text
	var words [8]string
	nw := 0
	j := i
	last := i
	for j < len(toks) && nw < len(words) {
		t := toks[j]
		if t.kind == tSym && d.sym(j) == "-" && d.adjacent(j) && nw > 0 {
			j++
			continue
		}
		if t.kind != tWord {
			break
		}
		w := d.lowerTok(j)
		if _, ok := doctext.NumberWords[w]; !ok && !(w == "and" && nw > 0) {
			break
		}
		words[nw] = strings.Clone(w)
		nw++
		last = j
		j++
	}
	j = last + 1
	for nw > 0 && words[nw-1] == "and" {
		nw--
	}
	val, ok := doctext.ParseNumberWords(words[:nw])
	if !ok {
		return rawValue{}, false
	}
	v := float64(val)
	end := toks[last].end
	// "forty dollars ($40)": an amount in words, its figure repeated.
	if j < len(toks) && toks[j].kind == tWord {
		if code, ok := valueCurrencies[d.lowerTok(j)]; ok && len(d.text[toks[j].start:toks[j].end]) > 3 {
			end, next := toks[j].end, j+1
			if next+2 < len(toks) && d.sym(next) == "(" && valueCurrencySigns[d.sym(next+1)] != "" && next+3 < len(toks) && toks[next+2].kind == tNum && d.sym(next+3) == ")" {
				if f, ok := vFigureValue(text[toks[next+2].start:toks[next+2].end]); ok {
					v = f
				}
				end, next = toks[next+3].end, next+4
			}
			return d.finishMoney(code, toks[i].start, end, v, next), true
		}
	}
	// "thirty (30)": the figure wins.
	if j+2 < len(toks) && d.sym(j) == "(" && toks[j+1].kind == tNum && d.sym(j+2) == ")" {
		if f, ok := vFigureValue(text[toks[j+1].start:toks[j+1].end]); ok {
			v = f
			end = toks[j+2].end
			j += 3
		}
	} else if j+3 < len(toks) && d.sym(j) == "(" && toks[j+1].kind == tNum && d.sym(j+2) == "%" && d.sym(j+3) == ")" {
		if f, ok := vFigureValue(text[toks[j+1].start:toks[j+1].end]); ok {
			return rawValue{class: "percent", val: f, start: toks[i].start, end: toks[j+3].end, next: j + 4}, true
		}
	}
	r, ok := d.unitAfter(i, j, v, toks[i].start)
	if !ok {
		if r, ok = d.countAfter(i, j, v, toks[i].start); !ok {
			return rawValue{}, false
		}
	}
	if r.end < end {
		r.end = end
	}
	return r, true
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
		if k+1 < len(toks) && (toks[k+1].kind == tNum || valueCurrencySigns[d.sym(k+1)] != "") {
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

// timeAt reads a time of day at figure token i ("10:30 am", "8:15 a.m.",
// "19:35", "10.30am").
func (d *valueDoc) timeAt(i int, v float64) (rawValue, bool) {
	toks, text := d.toks, d.text
	t := toks[i]
	h, m := -1.0, 0.0
	j := i + 1
	if j+1 < len(toks) && d.sym(j) == ":" && d.adjacent(j) && toks[j+1].kind == tNum && d.adjacent(j+1) && toks[j+1].end-toks[j+1].start == 2 {
		mm, _ := vFigureValue(text[toks[j+1].start:toks[j+1].end])
		h, m = v, mm
		j += 2
	} else if s := text[t.start:t.end]; len(s) >= 4 && s[len(s)-3] == '.' && j < len(toks) && d.isMeridiem(j) {
		h = float64(int(v))
		m = float64(int((v-h)*100 + 0.5))
	}
	if h < 0 || h > 24 || m >= 60 {
		return rawValue{}, false
	}
	end := toks[j-1].end
	if k, pm, ok := d.meridiem(j); ok {
		if pm && h < 12 {
			h += 12
		} else if !pm && h == 12 {
			h = 0
		}
		end = toks[k-1].end
		j = k
	}
	return rawValue{class: "time", val: h*60 + m, start: t.start, end: end, next: j}, true
}

func (d *valueDoc) isMeridiem(j int) bool { _, _, ok := d.meridiem(j); return ok }

// meridiem reads "am", "pm", "a.m." or "p.m." at j: it returns the token
// after it and whether it is pm.
func (d *valueDoc) meridiem(j int) (int, bool, bool) {
	switch {
	case d.tokIs(j, "am"):
		return j + 1, false, true
	case d.tokIs(j, "pm"):
		return j + 1, true, true
	case d.tokIs(j, "a", "p") && d.sym(j+1) == "." && d.tokIs(j+2, "m"):
		k := j + 3
		if d.sym(k) == "." {
			k++
		}
		return k, d.tokIs(j, "p"), true
	}
	return 0, false, false
}

// dateAt reads a date (or a date range) starting at token i: a full date
// ("18 November 2026", "March 1, 2025", "2026-11-18"), a day and month
// without a year ("3 November"), and "between 1 July and 18 November 2026"
// or "1 July to 18 November 2026" as one range.
func (d *valueDoc) dateAt(i int) (rawValue, bool) {
	y, md, end, next, ok := d.dateTokens(i)
	if !ok {
		return rawValue{}, false
	}
	start := d.toks[i].start
	// A range: "<date> and|to|until|–|- <date>".
	if next+1 < len(d.toks) && (d.tokIs(next, "to", "until", "till", "through", "and") || d.sym(next) == "–" || d.sym(next) == "-" || d.sym(next) == "—") {
		if y2, md2, end2, next2, ok := d.dateTokens(next + 1); ok {
			if d.tokIs(next, "and") && !d.tokIs(i-1, "between") {
				goto single
			}
			if y == 0 {
				y = y2
			}
			return rawValue{class: "daterange", val: y*1e4 + md, val2: y2*1e4 + md2, start: start, end: end2, first: i, next: next2}, true
		}
	}
single:
	return rawValue{class: "date", val: md, val2: y, start: start, end: end, first: i, next: next}, true
}

// dateTokens reads one date at token i: its year (0 when not given), its
// month*100+day, the end offset and the next token.
func (d *valueDoc) dateTokens(i int) (y, md float64, end, next int, ok bool) {
	toks, text := d.toks, d.text
	if i >= len(toks) {
		return 0, 0, 0, 0, false
	}
	t := toks[i]
	if dt, ok := doctext.ParseDateAt(text, t.start); ok && dt.Alt == "" && dt.End <= toks[len(toks)-1].end {
		k := i
		for k < len(toks) && toks[k].start < dt.End {
			k++
		}
		var yy, mm, dd int
		if n, _ := vFmtSscanDate(dt.Key, &yy, &mm, &dd); n == 3 {
			return float64(yy), float64(mm*100 + dd), dt.End, k, true
		}
	}
	// A day and a month with no year: "3 November", "November 3".
	if t.kind == tNum && i+1 < len(toks) && toks[i+1].kind == tWord {
		day, okd := vFigureValue(text[t.start:t.end])
		if mo, ok := doctext.Months[d.lowerTok(i+1)]; ok && okd && day >= 1 && day <= 31 && day == float64(int(day)) {
			return 0, float64(mo*100 + int(day)), toks[i+1].end, i + 2, true
		}
	}
	if t.kind == tWord && i+1 < len(toks) && toks[i+1].kind == tNum {
		if mo, ok := doctext.Months[d.lowerTok(i)]; ok {
			day, okd := vFigureValue(text[toks[i+1].start:toks[i+1].end])
			if okd && day >= 1 && day <= 31 && day == float64(int(day)) {
				return 0, float64(mo*100 + int(day)), toks[i+1].end, i + 2, true
			}
		}
	}
	return 0, 0, 0, 0, false
}

// vFmtSscanDate splits a "YYYY-MM-DD" key.
func vFmtSscanDate(key string, y, m, dd *int) (int, error) {
	if len(key) != 10 {
		return 0, nil
	}
	*y, *m, *dd = doctext.Atoi(key[:4]), doctext.Atoi(key[5:7]), doctext.Atoi(key[8:])
	return 3, nil
}

// vDateQual returns the qualifier a date gives the values of its sentence.
func vDateQual(md, y float64) string {
	return "date:" + doctext.FormatNum(md)
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

// vRefWords name a part of a document before its number.
var vRefWords = map[string]bool{
	"clause": true, "clauses": true, "section": true, "sections": true, "article": true, "articles": true,
	"paragraph": true, "paragraphs": true, "cl": true, "para": true, "schedule": true, "schedules": true,
	"annex": true, "appendix": true,
}

// vPeriodWords name a period or an event before its number: "Year 3",
// "Phase 2", "Call 23".
var vPeriodWords = map[string]bool{
	"Year": true, "Phase": true, "Month": true, "Week": true, "Day": true, "Quarter": true, "Stage": true,
	"Milestone": true, "Call": true, "Session": true, "Round": true, "Run": true, "Sprint": true, "Wave": true,
	"Tranche": true, "Instalment": true, "Installment": true, "Option": true, "Tier": true, "Level": true,
	"Band": true, "Plan": true,
}

// tokenAnchors appends the anchors of the current sentence's tokens (see
// lineAnchors) to dst: a token scan, as the sentence is tokenised anyway.
func (d *valueDoc) tokenAnchors(dst []string) []string {
	toks, text := d.toks, d.text
	for k := 0; k < len(toks); k++ {
		t := toks[k]
		switch t.kind {
		case tSym:
			if d.sym(k) == "§" {
				j := k + 1
				if d.sym(j) == "§" {
					j++
				}
				if j < len(toks) && toks[j].kind == tNum {
					dst = append(dst, "ref:"+d.refNumber(j))
				}
			}
		case tWord:
			w := text[t.start:t.end]
			if c := w[0] | 0x20; (c == 'c' || c == 's' || c == 'a' || c == 'p') && len(w) <= 10 && d.refWordAt(k) {
				j := k + 1
				if d.sym(j) == "." {
					j++
				}
				if j < len(toks) && toks[j].kind == tNum {
					dst = append(dst, "ref:"+d.refNumber(j))
				}
				continue
			}
			if w[0] < 'A' || w[0] > 'Z' {
				continue // period words and item ids are capitalised
			}
			if k+1 < len(toks) && toks[k+1].kind == tNum && toks[k+1].end-toks[k+1].start <= 3 && vPeriodWords[w] {
				dst = append(dst, "per:"+strings.ToLower(w)+" "+text[toks[k+1].start:toks[k+1].end])
				continue
			}
			if len(w) <= 4 && w[0] >= 'A' && w[0] <= 'Z' && k+2 < len(toks) && d.sym(k+1) == "-" && d.adjacent(k+1) && toks[k+2].kind == tNum && d.adjacent(k+2) {
				if id := vItemID(w + "-" + text[toks[k+2].start:toks[k+2].end]); id != "" {
					dst = append(dst, "id:"+id)
				}
			}
		}
	}
	return dst
}

// refWordAt reports whether token k is one of vRefWords: read from its
// interned word when it has one.
func (d *valueDoc) refWordAt(k int) bool {
	if t := d.toks[k]; t.word > 0 {
		return d.words[t.word-1].ref
	}
	return vRefWords[d.lowerTok(k)]
}

// refNumber returns the reference number at token j with its bracketed
// parts: "7(2)(c)", "2.1(b)".
func (d *valueDoc) refNumber(j int) string {
	toks, text := d.toks, d.text
	end := toks[j].end
	for k := j + 1; k+2 < len(toks) && d.sym(k) == "(" && d.adjacent(k) && toks[k+1].end-toks[k+1].start <= 3 && d.sym(k+2) == ")"; k += 3 {
		end = toks[k+2].end
	}
	return text[toks[j].start:end]
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
		if id := d.tokIDs[k]; id >= 0 && !d.generic[id] {
			mix(uint64(id) + 1)
			content++
		}
	}
	if content < 2 {
		return 0 // "per seat per month" is a unit, not a frame
	}
	return h
}

// countAfter reads a count after a number ending before token j: "17 false
// claims", "48,000 customer invoices", "8.6 points" (class "count:" and
// the noun), or a ratio, "9 of 50 answers", "3 out of 5 runs" (class
// "ratio:" and the noun; val2 is the whole).
func (d *valueDoc) countAfter(i, j int, v float64, start int) (rawValue, bool) {
	toks := d.toks
	if i > 0 && toks[i-1].kind == tWord && vRefWords[d.lowerTok(i-1)] || vLineNumber(d.text, start) {
		return rawValue{}, false // "Schedule 1 prevails", "1.2 Guests:": a number that names a part
	}
	// A ratio: "N of (the) M [noun]", "N out of M".
	k := j
	if d.tokIs(k, "out") {
		k++
	}
	if d.tokIs(k, "of") {
		k++
		if d.tokIs(k, "the") {
			k++
		}
		if whole, ok := d.countAt(k); ok && whole >= v && whole > 1 {
			// The noun counted is often left out or not a plain plural
			// ("9 of 25 target IDs", "5 of 120 succeeded"): the whole says
			// which population is counted, so the class is the ratio's and
			// the noun is read as its subject (next stops before it).
			_, end, _ := d.countNoun(k + 1)
			if end == 0 {
				end = toks[k].end
			}
			return rawValue{class: "ratio:", val: v, val2: whole, start: start, end: end, first: i, next: k + 1}, true
		}
		return rawValue{}, false
	}
	noun, end, next := d.countNoun(j)
	if noun == "" {
		return rawValue{}, false
	}
	return rawValue{class: "count:" + noun, val: v, start: start, end: end, first: i, next: next}, true
}

// countNoun reads the plural noun a count counts, at most two words after
// token j ("false claims", "customer invoices", "points"): its reduced
// form, where it ends and the token after it; "" when there is none.
func (d *valueDoc) countNoun(j int) (string, int, int) {
	toks := d.toks
	words := 0
	for k := j; k < len(toks) && k < j+4 && words < 2; k++ {
		if d.sym(k) == "-" && k > j && d.adjacent(k) {
			continue // "casework-related queries"
		}
		if toks[k].kind != tWord || k == j && !d.adjacentSpace(k) {
			return "", 0, 0
		}
		if d.sym(k-1) != "-" {
			words++
		}
		w := d.lowerTok(k)
		if w == "" || valueWordLists().stop[w] || vPreLinks[w] {
			return "", 0, 0
		}
		if n := len(w); n >= 4 && w[n-1] == 's' && w[n-2] != 's' && w[n-2] != 'u' || w == "points" || w == "people" {
			return vReduceWord(w), toks[k].end, k + 1
		}
	}
	return "", 0, 0
}

// adjacentSpace reports whether token k follows the token before it after
// plain space (no symbol between).
func (d *valueDoc) adjacentSpace(k int) bool {
	return k > 0 && d.toks[k].space
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
