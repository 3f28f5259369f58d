package checks

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/evalopt/evalopt/evaluator"
)

// RuleQuantityConflict: the same quantity (an amount, duration, date,
// percentage or score attached to the same subject) stated with two
// different values in one document.
const RuleQuantityConflict = "consistency.quantity_conflict"

// NewQuantityCheck returns the check for one quantity stated two ways
// (rule RuleQuantityConflict, block): "the stockpot (£89.00)" and later "of
// the same price (£98.00)"; "a 30-day export window" in a table and
// "fourteen days to export" in the text on the same clause; CVSS 7.1 in a
// finding's heading and 8.1 in the summary table.
//
// It reads every amount, duration (days, business days, months and years,
// hours), percentage, date and CVSS score outside quotations and code, with
// the sentence (or table row, with its column heading) it stands in. The
// subject of a value is told by its sentence's anchors (clause and section
// references, item ids such as "F-02", a contract clause's own number) and
// its salient words (content words that are not in a third of the
// sentences, with a few synonym classes: a term and what "continues"; a
// return and what is "sent back"). Two values of one kind and unit
// conflict when their sentences share an anchor and a salient word, or, with
// no anchors, share two salient words, or when a value is introduced as
// "the same price/amount/fee ..." and no earlier value of its kind agrees
// while one about the same thing differs. Sentences that propose or
// suppose ("should", "would", "could", "might", "propose", "instead of",
// "from ... to ...", an imperative change verb) and, in a review, its
// recommendations are not read: a proposed new value legitimately differs
// from the current one. The finding stands on the later value and names
// the earlier; a second one on the earlier value names the later.
func NewQuantityCheck() Check { return quantityCheck{} }

type quantityCheck struct{}

func (quantityCheck) Rule() string { return RuleQuantityConflict }

// quantity is one value read from the text.
type quantity struct {
	kind       string   // "money:EUR", "days", "bdays", "months", "minutes", "percent", "cvss", "date"
	val        float64  // normalised value (dates: 0, see key)
	key        string   // dates: the normalised date
	start, end int      // the value's text
	sent       int      // index of its sentence
	same       bool     // introduced by "the same ..."
	total      bool     // a total ("CAD 324.00 in total"): compared with totals only
	per        string   // a rate's period ("week" for "$25 a week"), or ""
	digits     string   // the value's digits as written ("2304" for "£2,304")
	noun       string   // the salient word right after it ("severance" in "18 months' severance"), or ""
	words      []string // salient words around it: what it is the value of
	from       []string // salient words of its reference point ("of delivery"), if any
	head       []string // in a table: the salient words of its column heading
	inTable    bool
}

// qsentence is the context of values: a sentence, a heading or a table row.
type qsentence struct {
	start, end int
	qFrom, qTo int // its values: qs[qFrom:qTo]
	line       int // start of its line: values on one line are not compared
	section    int // start of the item heading (level 3+, or a numbered title) it stands under, or -1
	table      int // 1 + index of its table, 0 outside tables
	anchors    []string
}

var (
	// moneyPreRe reads an amount after its currency: "$5,000", "€ 1.2
	// million", "EUR 289.00".
	moneyPreRe = regexp.MustCompile(`^([$€£¥]|EUR|USD|GBP|AUD|CAD|CHF|NZD|SGD|INR|JPY)[ \t]?(\d[\d,]*(?:\.\d+)?)(?:[ \t]?(k|m|bn|thousand|million|billion)\b)?`)
	// moneyPostRe reads an amount before its currency: "289.00 EUR", "40
	// euros".
	moneyPostRe = regexp.MustCompile(`^(\d[\d,]*(?:\.\d+)?)[ \t]?(EUR|USD|GBP|AUD|CAD|CHF|NZD|SGD|INR|JPY|[Ee]uros?|[Dd]ollars?|[Pp]ounds?)\b`)
	// durDigitsRe is durAnchRe for a figure: "14 days", "30-day".
	durDigitsRe = regexp.MustCompile(`^(\d{1,4})(?:[ \t]*\(\d{1,4}\))?[ \t-]*((?i:business|working|calendar|clear|banking))?[ \t-]*((?i:days?|weeks?|months?|years?|hours?|minutes?|hrs?|mins?))\b`)
	// pctAnchRe reads a percentage: "1.5%", "10 percent".
	pctAnchRe = regexp.MustCompile(`^(\d{1,3}(?:\.\d+)?)[ \t]?(?:%|(?i:percent|per[ \t]cent)\b)`)
	// scoreAnchRe reads a CVSS base score: "9.8".
	scoreAnchRe = regexp.MustCompile(`^\d{1,2}\.\d\b`)
	// anchorRe finds what a sentence is about by reference: a clause or
	// section number, or an item id.
	anchorRe = regexp.MustCompile(`(?i)\b(?:clauses?|sections?|articles?|paragraphs?|cl\.|para\.?|schedules?|§+)[ \t]*(\d{1,3}(?:\.\d{1,3})*)|§[ \t]*(\d{1,3}(?:\.\d{1,3})*)|\b([A-Z]{1,4}-\d{1,3})\b`)
	// labelAnchorRe finds a line's own clause or item number: "8.1 This
	// Agreement ...", "### F-02 IDOR ...", "2.4 **Exit**".
	labelAnchorRe = regexp.MustCompile(`^(?:#{1,6}[ \t]+)?(?:\*\*)?(?:(\d{1,3}(?:\.\d{1,3})+)|([A-Z]{1,4}-\d{1,3}|[A-Z]\d{1,2}))\b`)
	// changeVerbRe marks an imperative change at the start of a sentence.
	changeVerbRe = regexp.MustCompile(`(?i)^(?:[-*+][ \t]+|\d{1,3}[.)][ \t]+|\([a-z0-9]{1,3}\)[ \t]+)?(?:\*\*[^*]*\*\*[ \t]*)?(?:increase|extend|reduce|raise|lower|shorten|lengthen|change|amend|revise|replace|set|cap|limit|insert|add|delete|require|ask|push|move|make)\b`)
	// refPointRe, matched after a value, reads the point a duration counts
	// from: "of delivery", "after the Effective Date", "from dispatch".
	refPointRe = regexp.MustCompile(`(?i)^[ \t*]*(?:'s|’s|')?[ \t]*(?:of|after|from|following|before|since|prior[ \t]+to)[ \t]+((?:\w+[ \t]+){0,3}\w+)`)
	// nounAfterRe reads the word a value qualifies: "18 months' severance",
	// "30-day export window", "£89.00 stockpot".
	nounAfterRe = regexp.MustCompile(`^(?:'s|’s|'|’)?[ \t]*(?:of[ \t]+)?([A-Za-z][a-z]{2,})\b`)
	// totalRe marks a value as a total of others.
	totalRe = regexp.MustCompile(`(?i)\b(?:total|totals|totalling|totaling|altogether|combined|overall|in\s+all|sum|subtotal)\b`)
	// rateRe, matched after an amount, makes it a rate: "a week", "per
	// month", "/mo", "each night".
	rateRe = regexp.MustCompile(`(?i)^[ \t]*(?:a|an|per|each|every|/)[ \t]*(day|week|fortnight|month|year|annum|hour|night|seat|user|claim|item|unit|mo|yr|hr|minute|gb|mb|call|message|sms|transaction)s?\b`)
	sameRe = regexp.MustCompile(`(?i)\bsame\s+(?:\w+\s+){0,2}(?:as\s+|of\s+|at\s+|\(\s*)?$`)
)

// synonymClass maps words to a shared key so two ways of naming one
// subject meet: what a term is and what an agreement "continues" for.
var synonymClass = map[string]string{
	"term": "~term", "duration": "~term", "continue": "~term", "continues": "~term", "last": "~term", "lasts": "~term",
	"return": "~return", "returns": "~return", "returned": "~return", "send": "~return", "sent": "~return",
	"refund": "~refund", "refunds": "~refund", "refunded": "~refund", "reimburse": "~refund", "reimbursement": "~refund", "repay": "~refund",
	"price": "~price", "cost": "~price", "costs": "~price", "priced": "~price",
	"notice": "~notice", "notify": "~notice", "notification": "~notice",
	"cap": "~cap", "capped": "~cap", "limit": "~cap", "limited": "~cap", "ceiling": "~cap",
	"deposit": "~deposit", "bond": "~deposit",
	"charge": "~charge", "charged": "~charge", "charges": "~charge", "fee": "~charge", "fees": "~charge",
	"export": "~export", "exported": "~export", "migrate": "~export",
}

// quantityStop are words that name no subject.
var quantityStop = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`the a an and or of to in on at for by with from into onto upon within after before during under over
		this that these those it its is are was were be been being has have had do does did will shall may can must not no nor
		any all each every some such other than then there their them they you your yours we our us he she his her him i me my
		which who whom whose what when where why how if as so but also only just more most less least very same up out about
		per day days week weeks month months year years hour hours minute minutes business working calendar clear banking
		one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen
		twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million billion percent cent
		january february march april may june july august september october november december
		eur usd gbp aud cad chf euro euros dollar dollars pound pounds amount total sum value number
		clause clauses section sections article paragraph schedule exhibit annex appendix part page line
		which while because since until unless although though however therefore here now new current back off away still even get gets got getting give gives given giving take takes taken taking make makes made put keep let see go goes come comes need needs use`) {
		quantityStop[w] = true
	}
}

func (quantityCheck) Check(doc Document) []Finding {
	text := doc.Text
	if len(text) == 0 {
		return nil
	}
	excluded := excludedSpans(text, 0, len(text))
	if doc.Kind == evaluator.KindRedline {
		// Struck and inserted text is the old wording and the proposal:
		// their values differ from each other by design.
		var marks []span
		for _, m := range deletedRe.FindAllStringIndex(text, -1) {
			marks = append(marks, span{m[0], m[1]})
		}
		for _, m := range insertedRe.FindAllStringIndex(text, -1) {
			if text[m[0]] == '[' || text[m[0]] == '<' || text[m[0]] == '{' {
				marks = append(marks, span{m[0], m[1]})
			}
		}
		excluded = mergeSpans(append(excluded, marks...))
	}
	var recs []span
	if isReview(doc.Kind) {
		recs = items(text, recommendationKind, true)
	}
	sents, qs := readQuantities(text, excluded, recs)
	if len(qs) < 2 {
		return nil
	}
	// Document frequency: a word around a third of the values (and at
	// least five) names nothing in particular ("Agreement", "Customer").
	df := map[string]int{}
	for _, q := range qs {
		for _, w := range q.words {
			df[w]++
		}
	}
	common := func(w string) bool { return df[w] >= 5 && df[w]*3 > len(qs) }
	shared := func(p, q *quantity) (anchor bool, words int) {
		for _, x := range sents[p.sent].anchors {
			for _, y := range sents[q.sent].anchors {
				if x == y {
					anchor = true
				}
			}
		}
		for _, x := range p.words {
			for _, y := range q.words {
				if x == y {
					words++
					break
				}
			}
		}
		return anchor, words
	}
	var out []Finding
	reported := map[int]bool{}
	idx := analysisOf(doc).lineIndex()
	add := func(at, other quantity, later bool) {
		if reported[at.start] {
			return
		}
		reported[at.start] = true
		l, c := idx.Position(other.start)
		rel := "earlier"
		if !later {
			rel = "later"
		}
		out = append(out, Finding{Rule: RuleQuantityConflict, Severity: SeverityBlock,
			Message: fmt.Sprintf("%s here, but %s %s at line %d:%d for what reads as the same thing: state one value",
				strings.TrimSpace(text[at.start:at.end]), strings.TrimSpace(text[other.start:other.end]), rel, l, c),
			Location: idx.Locate(at.start, at.end, text)})
	}
	// Each value's uncommon words, computed once: the comparisons below
	// then need no map lookups.
	for i := range qs {
		kept := qs[i].words[:0:0]
		for _, w := range qs[i].words {
			if !common(w) {
				kept = append(kept, w)
			}
		}
		qs[i].words = kept
	}
	const maxCompare = 100 // earlier values of a kind compared with each value: bounded work
	byKind := map[string][]int{}
	for i := 0; i < len(qs); i++ {
		q := qs[i]
		sq := &sents[q.sent]
		agree, related := false, -1
		prev := byKind[q.kind]
		byKind[q.kind] = append(prev, i)
		for k := len(prev) - 1; k >= 0 && len(prev)-k <= maxCompare; k-- {
			j := prev[k]
			p := qs[j]
			sp := &sents[p.sent]
			if p.sent == q.sent {
				continue
			}
			// One line states different things (a clause's availability
			// target and its credit cap); rows of one table are different
			// subjects. Only the "same ..." rule looks across them.
			if sp.line == sq.line || sp.table != 0 && sp.table == sq.table {
				if q.same && related < 0 {
					related = j
				}
				continue
			}
			anchor, words := shared(&qs[j], &qs[i])
			equal := p.key == q.key && (p.kind == "date" || p.val == q.val)
			if equal {
				if words > 0 || anchor {
					agree = true
				}
				continue
			}
			// Values under two different items (two findings' "Rating:"
			// lines) are about different things unless a reference ties
			// them; a total is not a part.
			if sp.section >= 0 && sq.section >= 0 && sp.section != sq.section && !anchor || p.total != q.total {
				continue
			}
			// Two table cells hold the same quantity only under like
			// column headings ("Monthly fee" is not "Hourly rate").
			if p.inTable && q.inTable && !sharesWord(p.head, q.head) {
				continue
			}
			// Durations counted from different points ("14 days of
			// getting the item back", "30 days of delivery") differ.
			if len(p.from) > 0 && len(q.from) > 0 && !sharesWord(p.from, q.from) {
				continue
			}
			// Two sentences that each hold both values list the same
			// thresholds ("below 97% ... or below 99.5%"): no conflict.
			if holdsValue(qs, *sq, p) || holdsValue(qs, *sp, q) {
				continue
			}
			// A rate and a lump sum, or rates per different periods, are
			// different quantities unless the figures look like one typo.
			near := nearDigits(p.digits, q.digits) && (p.kind == "date" || p.val > 0 && q.val > 0 && max(p.val, q.val) < 2*min(p.val, q.val))
			if p.per != q.per && !near {
				continue
			}
			both := len(sp.anchors) > 0 && len(sq.anchors) > 0
			sameNoun := p.noun != "" && p.noun == q.noun && !common(p.noun)
			if weakKind(q.kind) && !near && !sameNoun {
				continue // dates, counts and day numbers recur for many things: only a typo-like figure or the same noun ties two
			}
			switch {
			case anchor && (words >= 1 || q.kind == "cvss" || q.kind == "severity" && sharesItemID(sp.anchors, sq.anchors)):
				// A score or rating needs no words: the kind says what it is.
			case !anchor && !both && (words >= 3 || words >= 2 && sameNoun || sameNoun && !weakKind(q.kind)):
			case sameNoun && p.noun != "" && (anchor || !both):
			case words >= 1 && near:
				// One shared word is enough when the figures look like one
				// mistyped ("£2,304" and "£2,340").
			default:
				if q.same && words >= 1 && related < 0 {
					related = j
				}
				continue
			}
			{
				add(q, p, true)
				add(p, q, false)
				break
			}
		}
		if q.same && !agree && related >= 0 {
			add(q, qs[related], true)
			add(qs[related], q, false)
		}
	}
	sortFindings(out)
	return out
}

// readQuantities splits text into sentences and reads the values in each,
// skipping quoted and code spans (excluded), proposing sentences and the
// review's recommendations (recs).
func readQuantities(text string, excluded, recs []span) ([]qsentence, []quantity) {
	var sents []qsentence
	var qs []quantity
	var header []string // the cells of the last table header row
	lineAnchor := ""
	tables := 0
	section := -1
	forEachLine(text, func(l line) {
		raw := text[l.start:l.end]
		s := strings.TrimSpace(raw)
		if s == "" {
			return
		}
		if inSpans(recs, l.start, l.end) || inSpans(excluded, l.start, l.end) {
			return
		}
		lvl, _ := headingLevel(raw)
		if m := matchIf(mayStartLabel(s), labelAnchorRe, s); m != nil {
			if m[2] >= 0 {
				lineAnchor = s[m[2]:m[3]]
			} else {
				lineAnchor = s[m[4]:m[5]]
			}
		} else if lvl > 0 {
			lineAnchor = ""
		}
		if lvl >= 3 {
			section = l.start
		} else if lvl > 0 {
			section = -1
		} else if startsWithAny(s, "0123456789") && orderedItemRe.MatchString(s) && len(s) < 120 && !strings.ContainsAny(s[len(s)-1:], ".:;") {
			section = l.start // "2. Poisoned policy document ... (High)": an item's title line
		}
		if strings.HasPrefix(s, "|") {
			cells := strings.Split(strings.Trim(s, "|"), "|")
			if isTableRule(cells) {
				return
			}
			if header == nil {
				header = cells
				tables++
				return
			}
			readTableRow(text, l, cells, header, tables, &sents, &qs)
			sents[len(sents)-1].section = -1
			return
		}
		header = nil
		for from := l.start; from < l.end; {
			lim := sentenceLimit(text, from, l.end)
			end := sentenceEnd(text, from, lim)
			if end < lim {
				end++
			}
			n := len(sents)
			readSentence(text, from, end, l.start, lineAnchor, excluded, &sents, &qs)
			if len(sents) > n {
				sents[n].section = section
			}
			from = end
		}
	})
	return sents, qs
}

// isTableRule reports whether cells are a Markdown table's separator row.
func isTableRule(cells []string) bool {
	for _, c := range cells {
		if strings.Trim(strings.TrimSpace(c), ":-") != "" {
			return false
		}
	}
	return true
}

// readTableRow reads one table row: its anchors are the id- or
// clause-like cells, and a value's words include its column heading.
func readTableRow(text string, l line, cells, header []string, table int, sents *[]qsentence, qs *[]quantity) {
	row := qsentence{start: l.start, end: l.end, line: l.start, table: table, qFrom: len(*qs)}
	for _, c := range cells {
		c = strings.Trim(strings.TrimSpace(c), "*")
		if anchorCell(c) {
			row.anchors = append(row.anchors, c)
		}
	}
	for _, m := range anchorRe.FindAllStringSubmatch(text[l.start:l.end], -1) {
		row.anchors = append(row.anchors, m[1]+m[2]+m[3])
	}
	n := len(*sents)
	label := ""
	for _, c := range cells {
		if c = strings.TrimSpace(c); c != "" && !anchorCell(strings.Trim(c, "*")) {
			label = c // the row's subject: its first cell that is not an id
			break
		}
	}
	off := l.start + strings.IndexByte(text[l.start:l.end], '|') + 1
	for i, c := range cells {
		cs := off
		off += len(c) + 1
		h := ""
		if i < len(header) {
			h = header[i]
		}
		words := appendUnique(appendUnique(salientWords(c), salientWords(h)...), salientWords(label)...)
		v := strings.TrimSpace(c)
		hl := strings.ToLower(h)
		if r := severityRank(v); (r > 1 || strings.EqualFold(v, "low")) && (strings.Contains(hl, "severity") || strings.Contains(hl, "rating") || strings.Contains(hl, "risk") || strings.Contains(hl, "priority")) {
			at := cs + strings.Index(c, v)
			*qs = append(*qs, quantity{kind: "severity", val: r, start: at, end: at + len(v), sent: n, words: words, head: salientWords(h), inTable: true, digits: v})
			continue
		}
		if strings.Contains(hl, "cvss") || strings.Contains(hl, "score") {
			if f, err := strconv.ParseFloat(v, 64); err == nil && strings.Contains(v, ".") {
				at := cs + strings.Index(c, v)
				*qs = append(*qs, quantity{kind: "cvss", val: f, start: at, end: at + len(v), sent: n, words: words, head: salientWords(h), inTable: true})
			}
			continue
		}
		before := len(*qs)
		readValues(text, cs, cs+len(c), n, qs, nil)
		for k := before; k < len(*qs); k++ {
			(*qs)[k].words, (*qs)[k].head, (*qs)[k].inTable = words, salientWords(h), true
		}
	}
	row.qTo = len(*qs)
	*sents = append(*sents, row)
}

// anchorCell reports whether a table cell is an id or clause number.
func anchorCell(c string) bool {
	return c != "" && len(c) <= 8 && (labelAnchorRe.MatchString(c) || isClauseNumber(c))
}

// isClauseNumber reports whether s is a multi-level number ("11.3").
func isClauseNumber(s string) bool {
	dot := false
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '.' && i > 0 && i < len(s)-1:
			dot = true
		case s[i] < '0' || s[i] > '9':
			return false
		}
	}
	return dot
}

// readSentence reads the values of text[from:to], one sentence.
func readSentence(text string, from, to, lineStart int, lineAnchor string, excluded []span, sents *[]qsentence, qs *[]quantity) {
	s := text[from:to]
	n := len(*sents)
	before := len(*qs)
	readValues(text, from, to, n, qs, excluded)
	if len(*qs) == before {
		return
	}
	if proposes(s) || changeVerbRe.MatchString(strings.TrimSpace(s)) {
		*qs = (*qs)[:before] // a proposal's values are not the document's
		return
	}
	for k := before; k < len(*qs); k++ {
		q := &(*qs)[k]
		q.words = salientWords(text[wordsBack(text, from, q.start, 8):wordsAhead(text, q.end, to, 5)])
		if m := refPointRe.FindStringSubmatch(text[q.end:to]); m != nil {
			q.from = salientWords(m[1])
		}
		if m := nounAfterRe.FindStringSubmatch(text[q.end:min(to, q.end+40)]); m != nil {
			if w := salientWords(m[1]); len(w) == 1 {
				q.noun = w[0]
			}
		}
		q.total = hasTotalWord(text[wordsBack(text, from, q.start, 3):wordsAhead(text, q.end, to, 3)])
	}
	sent := qsentence{start: from, end: to, line: lineStart, qFrom: before, qTo: len(*qs)}
	if mayHoldAnchor(s) {
		for _, m := range anchorRe.FindAllStringSubmatch(s, -1) {
			sent.anchors = append(sent.anchors, m[1]+m[2]+m[3])
		}
	}
	if len(sent.anchors) == 0 && lineAnchor != "" {
		sent.anchors = []string{lineAnchor}
	}
	*sents = append(*sents, sent)
}

// readValues appends the values of text[from:to] (outside excluded).
func readValues(text string, from, to, sent int, qs *[]quantity, excluded []span) {
	s := text[from:to]
	var found []quantity
	push := func(q quantity) {
		q.start += from
		q.end += from
		if inSpans(excluded, q.start, q.end) {
			return
		}
		for _, f := range found {
			if q.start < f.end && f.start < q.end {
				return // one value read two ways ("30%" inside "EUR 30")
			}
		}
		q.sent = sent
		q.same = sameRe.MatchString(text[max(from, q.start-30):q.start])
		q.digits = digitsOf(text[q.start:q.end])
		if q.kind == "date" {
			q.digits = digitsOf(q.key) // "2026-05-12": compare dates as dates
		}
		found = append(found, q)
	}
	digit, dateLike, severity := false, false, false
	var buf []byte
	// Values start at a digit, a currency sign or code, or a number word:
	// the anchored expressions run only there, so the scan stays linear.
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			digit = true
			if i > 0 && (s[i-1] >= '0' && s[i-1] <= '9' || s[i-1] == ',' || s[i-1] == '.') {
				if (s[i-1] == '/' || s[i-1] == '-') && i > 1 && s[i-2] >= '0' && s[i-2] <= '9' {
					dateLike = true
				}
				continue
			}
			if i > 1 && (s[i-1] == '/' || s[i-1] == '-') && s[i-2] >= '0' && s[i-2] <= '9' {
				dateLike = true // "2026-03-01", "03/01/2026"
			}
			readAt(s, i, true, push)
		case c == '$' || c >= 0xC2 && (strings.HasPrefix(s[i:], "€") || strings.HasPrefix(s[i:], "£") || strings.HasPrefix(s[i:], "¥")):
			if m := moneyPreRe.FindStringSubmatchIndex(s[i:]); m != nil {
				pushMoney(s, i, m, push)
			}
		case (c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z') && (i == 0 || !isWordByte(s[i-1])):
			e := i
			for e < len(s) && isWordByte(s[e]) {
				e++
			}
			w := s[i:e]
			if len(w) >= 3 && c >= 'A' && c <= 'Z' {
				buf = lowerInto(buf, w[:3])
				if monthPrefix[string(buf)] {
					dateLike = true
				}
			}
			if !severity && len(w) >= 3 && len(w) <= 8 {
				switch c {
				case 'C', 'H', 'M', 'L', 'c', 'h', 'm', 'l':
					buf = lowerInto(buf, w)
					switch string(buf) {
					case "critical", "high", "medium", "moderate", "low":
						severity = true
					}
				}
			}
			if len(w) == 3 && c >= 'A' && c <= 'Z' && isCurrencyCode[w] {
				if m := moneyPreRe.FindStringSubmatchIndex(s[i:]); m != nil {
					pushMoney(s, i, m, push)
				}
			} else if len(w) >= 3 && len(w) <= 9 && strings.IndexByte("otfsenhOTFSENH", c) >= 0 {
				buf = lowerInto(buf, w)
				if _, ok := numberWords[string(buf)]; ok && unitFollows(s[e:min(len(s), e+60)]) {
					readAt(s, i, false, push)
				}
			}
			i = e - 1
		}
	}
	if severity {
		readSeverities(s, push)
	}
	if digit && dateLike {
		for _, d := range scanDates(s, wordSpans(s)) {
			if d.alt == "" {
				push(quantity{kind: "date", key: d.key, start: d.start, end: d.end})
			}
		}
	}
	*qs = append(*qs, found...)
	sortQuantities((*qs)[len(*qs)-len(found):])
}

// isCurrencyCode holds the ISO codes read before an amount.
var isCurrencyCode = map[string]bool{"EUR": true, "USD": true, "GBP": true, "AUD": true, "CAD": true, "CHF": true, "NZD": true, "SGD": true, "INR": true, "JPY": true}

// readAt reads the values that start at s[i] (a digit when isDigit, else a
// number word).
func readAt(s string, i int, isDigit bool, push func(quantity)) {
	rest := s[i:min(len(s), i+80)]
	next := letterAfterNumber(rest)
	if next != 0 && strings.IndexByte("dwmyhbcDWMYHBC", next) >= 0 || !isDigit {
		readDuration(rest, i, push)
	}
	if after := strings.TrimLeft(rest[max(1, digitRun(rest)):], " \t()0123456789"); strings.HasPrefix(after, "x") || strings.HasPrefix(after, "×") || strings.HasPrefix(after, "times") || strings.HasPrefix(after, "-fold") || !isDigit && strings.Contains(rest[:min(len(rest), 30)], "times") {
		if m := multipleAnchRe.FindStringSubmatchIndex(rest); m != nil {
			if n, ok := parseCount(rest[m[2]:m[3]]); ok {
				push(quantity{kind: "multiple", val: float64(n), start: i, end: i + m[1]})
			}
		}
	}
	if !isDigit {
		return
	}
	if next != 0 && strings.IndexByte("EUGACNSIJedpDP", next) >= 0 && currencyWordAfter(rest) {
		if m := moneyPostRe.FindStringSubmatchIndex(rest); m != nil {
			if v, err := strconv.ParseFloat(strings.ReplaceAll(rest[m[2]:m[3]], ",", ""), 64); err == nil {
				q := quantity{kind: "money:" + currencyCode(rest[m[4]:m[5]]), val: v, start: i, end: i + m[1]}
				if r := rateRe.FindStringSubmatch(rest[m[1]:]); r != nil {
					q.per = strings.ToLower(strings.TrimSuffix(r[1], "s"))
				}
				push(q)
			}
		}
	}
	if e := numberEnd(rest); e < len(rest) && (rest[e] == '%' || rest[e] == ' ' && e+1 < len(rest) && (rest[e+1] == '%' || rest[e+1] == 'p' || rest[e+1] == 'P') || rest[e] == 'p' || rest[e] == 'P') {
		if m := pctAnchRe.FindStringSubmatchIndex(rest); m != nil {
			v, _ := strconv.ParseFloat(rest[m[2]:m[3]], 64)
			push(quantity{kind: "percent", val: v, start: i, end: i + m[1]})
		}
	}
	before := s[max(0, i-20):i]
	if containsFold(before, "cvss") {
		if m := scoreAnchRe.FindStringIndex(rest); m != nil {
			v, _ := strconv.ParseFloat(rest[:m[1]], 64)
			push(quantity{kind: "cvss", val: v, start: i, end: i + m[1]})
		}
	}
	if w, at := wordBefore(s, i); w != "" {
		switch strings.ToLower(w) {
		case "day", "week", "sprint", "phase":
			if e := digitRun(rest); e > 0 {
				n, _ := strconv.ParseFloat(rest[:e], 64)
				push(quantity{kind: "dayno", val: n, start: at, end: i + e})
			}
		}
	}
	if next >= 'a' && next <= 'z' {
		if m := countAnchRe.FindStringSubmatchIndex(rest); m != nil && !countStop[strings.ToLower(rest[m[4]:m[5]])] && !labelledNumber(s, i) && !denominator(s, i) {
			if n, err := strconv.ParseFloat(strings.ReplaceAll(rest[m[2]:m[3]], ",", ""), 64); err == nil {
				push(quantity{kind: "count", val: n, start: i, end: i + m[3]})
			}
		}
	}
}

// readDuration pushes the duration at the start of rest (at offset i).
func readDuration(rest string, i int, push func(quantity)) {
	var m []int
	if rest[0] >= '0' && rest[0] <= '9' {
		m = durDigitsRe.FindStringSubmatchIndex(rest)
	} else {
		m = durationInWords(rest)
	}
	if m != nil {
		if n, ok := parseCount(rest[m[2]:m[3]]); ok {
			kind, v := "days", float64(n)
			unit := strings.ToLower(rest[m[6]:m[7]])
			switch {
			case strings.HasPrefix(unit, "week"):
				v *= 7
			case strings.HasPrefix(unit, "month"):
				kind = "months"
			case strings.HasPrefix(unit, "year"):
				kind, v = "months", v*12
			case strings.HasPrefix(unit, "h"):
				kind, v = "minutes", v*60
			case strings.HasPrefix(unit, "min"):
				kind = "minutes"
			}
			if m[4] >= 0 && kind == "days" {
				switch strings.ToLower(rest[m[4]:m[5]]) {
				case "business", "working", "banking":
					kind = "bdays"
				}
			}
			push(quantity{kind: kind, val: v, start: i, end: i + m[1]})
		}
	}
}

// pushMoney pushes the amount matched by moneyPreRe (m) at s[i:].
func pushMoney(s string, i int, m []int, push func(quantity)) {
	w := s[i:]
	v, err := strconv.ParseFloat(strings.ReplaceAll(w[m[4]:m[5]], ",", ""), 64)
	if err != nil {
		return
	}
	if m[6] >= 0 {
		switch strings.ToLower(w[m[6]:m[7]]) {
		case "k", "thousand":
			v *= 1e3
		case "m", "million":
			v *= 1e6
		case "bn", "billion":
			v *= 1e9
		}
	}
	q := quantity{kind: "money:" + currencyCode(w[m[2]:m[3]]), val: v, start: i, end: i + m[1]}
	if r := rateRe.FindStringSubmatch(w[m[1]:min(len(w), m[1]+24)]); r != nil {
		q.per = strings.ToLower(strings.TrimSuffix(r[1], "s")) // "$25 a week" is a rate
	}
	push(q)
}

// digitRun returns the length of the digits at the start of s.
func digitRun(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// readSeverities pushes the severity ratings of s: a severity word
// (Critical, High, Medium, Moderate, Low) right after "(", "[", "|", a dash
// or a colon, or after "Severity", "Rating", "Risk" or "Priority" and a
// separator. It scans by hand: most sentences hold none.
func readSeverities(s string, push func(quantity)) {
	for i := 1; i+3 <= len(s); i++ {
		switch s[i] {
		case 'C', 'H', 'M', 'L', 'c', 'h', 'm', 'l':
		default:
			continue
		}
		if isWordByte(s[i-1]) {
			continue
		}
		e := i
		for e < len(s) && e-i < 9 && isWordByte(s[e]) {
			e++
		}
		w := s[i:e]
		switch strings.ToLower(w) {
		case "critical", "high", "medium", "moderate", "low":
		default:
			continue
		}
		j := i
		for j > 0 && (s[j-1] == ' ' || s[j-1] == '\t') {
			j--
		}
		lead := s[max(0, j-3):j]
		ok := strings.HasSuffix(lead, "(") || strings.HasSuffix(lead, "[") || strings.HasSuffix(lead, "|") ||
			strings.HasSuffix(lead, "—") || strings.HasSuffix(lead, "–") || strings.HasSuffix(lead, " -")
		if !ok && strings.HasSuffix(lead, ":") || !ok && strings.HasSuffix(lead, "=") {
			label, _ := wordBefore(s, j-1)
			switch strings.ToLower(label) {
			case "severity", "rating", "risk", "priority", "impact":
				ok = true
			}
		}
		if ok && (w[0] >= 'A' && w[0] <= 'Z' || strings.HasSuffix(lead, ":") || strings.HasSuffix(lead, "=")) {
			push(quantity{kind: "severity", val: severityRank(w), start: i, end: e})
		}
		i = e
	}
}

// unitFollows is a cheap test that a duration unit or a multiplier follows
// a number word: the next word that is not a number word, "and", or a
// "(14)" echo starts like one.
func unitFollows(s string) bool {
	for i := 0; i < len(s); {
		a, b := nextWord(s, i, len(s))
		if a >= len(s) {
			return false
		}
		i = b
		w := strings.ToLower(s[a:b])
		if _, ok := numberWords[w]; ok || w == "and" || s[a] >= '0' && s[a] <= '9' {
			continue
		}
		return strings.IndexByte("dwmyhbctxf", w[0]) >= 0
	}
	return false
}

// wordBefore returns the word right before offset i (past blanks) and its
// start, or "".
func wordBefore(s string, i int) (string, int) {
	j := i
	for j > 0 && (s[j-1] == ' ' || s[j-1] == '\t') {
		j--
	}
	if j == i {
		return "", 0
	}
	k := j
	for k > 0 && isWordByte(s[k-1]) {
		k--
	}
	return s[k:j], k
}

// hasTotalWord reports whether s holds a word that makes a value a total.
func hasTotalWord(s string) bool {
	if !strings.Contains(s, "tal") && !strings.Contains(s, "all") && !strings.Contains(s, "um") && !strings.Contains(s, "ined") && !strings.Contains(s, "ether") {
		return false
	}
	return totalRe.MatchString(s)
}

var (
	// multipleRe reads a multiple: "3x", "5×", "three (3) times".
	multipleAnchRe = regexp.MustCompile(`^(?i)(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty)(?:[ \t]*\(\d{1,3}\))?(?:[ \t]?[x×]\b|[ \t]+times[ \t]+(?:the|its|their|our|your|that|annual|monthly|yearly)\b|-fold\b)`)
	// countRe reads a count of things: "48,000 PDFs", "7 false claims",
	// "12 seats" (the number, and the word after it).
	countAnchRe = regexp.MustCompile(`^(\d{1,3}(?:,\d{3})+|\d{1,6})[ \t]+(?:(?:false|true|failed|successful|customer|unique|separate|new|open|active|affected)[ \t]+)?([a-z][a-z-]{2,}s)\b`)
)

// countStop are plural words after a number that are units or periods
// read elsewhere, or name no countable subject.
var countStop = map[string]bool{"days": true, "weeks": true, "months": true, "years": true, "hours": true, "minutes": true,
	"seconds": true, "times": true, "percent": true, "dollars": true, "euros": true, "pounds": true, "cents": true,
	"others": true, "items": false, "pages": true, "words": true, "lines": true, "points": true}

// severityRank maps a severity word to a number.
func severityRank(w string) float64 {
	switch strings.ToLower(w) {
	case "critical":
		return 4
	case "high":
		return 3
	case "medium", "moderate":
		return 2
	}
	return 1
}

// digitsOf returns the digits of s.
func digitsOf(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			b = append(b, s[i])
		}
	}
	return strings.TrimRight(string(b), "0")
}

// nearDigits reports whether two values' digits look like one figure
// mistyped: the same digits in another order ("2,304" and "2,340") or one
// digit changed ("£19.20" and "£19.80"), with at least two digits.
func nearDigits(a, b string) bool {
	if len(a) != len(b) || len(a) < 2 || a == b {
		return false
	}
	diff := 0
	for i := 0; i < len(a); i++ {
		if a[i] != b[i] {
			diff++
		}
	}
	if diff == 1 {
		return len(a) >= 3 // "4,500" and "2,500" are two figures, "19.20" and "19.80" one mistyped
	}
	x, y := []byte(a), []byte(b)
	slices.Sort(x)
	slices.Sort(y)
	return string(x) == string(y)
}

// sortQuantities orders values by offset (insertion sort: a sentence
// holds a handful).
func sortQuantities(qs []quantity) {
	for i := 1; i < len(qs); i++ {
		for j := i; j > 0 && qs[j].start < qs[j-1].start; j-- {
			qs[j], qs[j-1] = qs[j-1], qs[j]
		}
	}
}

// currencyCode normalises a currency sign or name to its ISO code.
func currencyCode(c string) string {
	switch strings.ToLower(c) {
	case "$", "usd", "dollar", "dollars":
		return "USD"
	case "€", "eur", "euro", "euros":
		return "EUR"
	case "£", "gbp", "pound", "pounds":
		return "GBP"
	case "¥", "jpy":
		return "JPY"
	}
	return strings.ToUpper(c)
}

// parseCount reads "14", "fourteen", "forty-five", "one hundred and
// twenty" as a whole number.
func parseCount(s string) (int, bool) {
	s = strings.TrimSpace(s)
	if n, err := strconv.Atoi(s); err == nil {
		return n, true
	}
	words := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == ' ' || r == '-' || r == '\t' })
	return parseNumberWords(words)
}

// salientWords returns the keys of the content words of s: lower-cased,
// a plural "s" dropped, synonyms mapped to their class; stop words,
// numbers and short words left out.
func salientWords(s string) []string {
	var out []string
	var buf [32]byte
	for i := 0; i < len(s); {
		a, b := nextWord(s, i, len(s))
		if a >= len(s) {
			break
		}
		i = b
		if b-a < 3 || b-a > len(buf) || s[a] >= '0' && s[a] <= '9' {
			continue
		}
		lw := lowerInto(buf[:0], s[a:b])
		if c, ok := synonymClass[string(lw)]; ok {
			out = appendUnique(out, c)
			continue
		}
		if len(lw) > 4 && lw[len(lw)-1] == 's' && lw[len(lw)-2] != 's' {
			lw = lw[:len(lw)-1]
		}
		if quantityStop[string(lw)] {
			continue
		}
		out = appendUnique(out, string(lw))
	}
	return out
}

// appendUnique appends the words of add not yet in ws.
func appendUnique(ws []string, add ...string) []string {
	for _, a := range add {
		dup := false
		for _, w := range ws {
			if w == a {
				dup = true
				break
			}
		}
		if !dup {
			ws = append(ws, a)
		}
	}
	return ws
}

// holdsValue reports whether sentence s holds a value equal to v (about
// the same noun, when both name one).
func holdsValue(qs []quantity, s qsentence, v quantity) bool {
	for _, q := range qs[s.qFrom:s.qTo] {
		if q.kind == v.kind && q.val == v.val && q.key == v.key &&
			(q.noun == "" || v.noun == "" || q.noun == v.noun) {
			return true
		}
	}
	return false
}

// wordsBack returns the offset n words before at, not before from.
func wordsBack(text string, from, at, n int) int {
	i := at
	for ; n > 0 && i > from; n-- {
		for i > from && !isWordByte(text[i-1]) {
			i--
		}
		for i > from && isWordByte(text[i-1]) {
			i--
		}
	}
	return i
}

// wordsAhead returns the offset n words after at, not after to.
func wordsAhead(text string, at, to, n int) int {
	i := at
	for ; n > 0 && i < to; n-- {
		for i < to && !isWordByte(text[i]) {
			i++
		}
		for i < to && isWordByte(text[i]) {
			i++
		}
	}
	return i
}

// sharesWord reports whether a and b have a word in common.
func sharesWord(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}

// weakKind reports whether values of kind recur for many different things
// in one text (dates, counts, day numbers), so that shared words alone do
// not make two of them one quantity.
func weakKind(kind string) bool {
	return kind == "date" || kind == "count" || kind == "dayno"
}

// labelledNumber reports whether the number at i is a label's ("Annex 1",
// "region 2", "version 3"): the word before it is capitalised, a
// reference keyword or a labelling word.
func labelledNumber(s string, i int) bool {
	j := i
	for j > 0 && (s[j-1] == ' ' || s[j-1] == '\t') {
		j--
	}
	k := j
	for k > 0 && isWordByte(s[k-1]) {
		k--
	}
	if k == j {
		return s[max(0, j-1):j] == "#"
	}
	w := s[k:j]
	if w[0] >= 'A' && w[0] <= 'Z' {
		return true
	}
	switch strings.ToLower(w) {
	case "region", "version", "step", "phase", "level", "tier", "grade", "option", "item", "no", "number", "round", "stage", "test", "case", "wave", "row", "line", "page", "room", "floor", "unit", "lot", "batch":
		return true
	}
	return false
}

// letterAfterNumber returns the first letter after the number at the start
// of s (past digits, separators, a "(14)" echo, blanks and a hyphen), or 0.
func letterAfterNumber(s string) byte {
	i := numberEnd(s)
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '-' || s[i] == '(' || s[i] == ')' || s[i] >= '0' && s[i] <= '9' || s[i] == '\'') {
		i++
	}
	if i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z') {
		return s[i]
	}
	return 0
}

// numberEnd returns the end of the number at the start of s (digits with
// thousands commas and a decimal point).
func numberEnd(s string) int {
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || (s[i] == ',' || s[i] == '.') && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9') {
		i++
	}
	return i
}

// proposalWords are the words that make a sentence a proposal or a
// supposition rather than a statement of what is.
var proposalWords = map[string]bool{"should": true, "would": true, "could": true, "might": true, "accept": true,
	"offer": true, "target": true, "fallback": true, "instead": true, "rather": true, "counteroffer": true}

// proposalPrefixes are word beginnings with the same effect.
var proposalPrefixes = []string{"propos", "recommend", "suggest", "negotiat", "request"}

// proposes reports whether sentence s proposes or supposes: a proposal
// word, "ask for", "aim for", "from ... to ...", or an arrow.
func proposes(s string) bool {
	if strings.Contains(s, "→") || strings.Contains(s, "->") {
		return true
	}
	var buf [16]byte
	prevAskAim := false
	from := false
	for i := 0; i < len(s); {
		a, b := nextWord(s, i, len(s))
		if a >= len(s) {
			break
		}
		i = b
		if b-a > len(buf) || b-a < 2 {
			prevAskAim = false
			continue
		}
		w := lowerInto(buf[:0], s[a:b])
		if proposalWords[string(w)] || prevAskAim && string(w) == "for" {
			return true
		}
		for _, p := range proposalPrefixes {
			if len(w) >= len(p) && string(w[:len(p)]) == p {
				return true
			}
		}
		switch string(w) {
		case "from":
			from = true
		case "to":
			if from {
				return true
			}
		}
		prevAskAim = string(w) == "ask" || string(w) == "aim"
	}
	return false
}

// mayHoldAnchor is a cheap test that s may hold a reference or an item id.
func mayHoldAnchor(s string) bool {
	if strings.Contains(s, "§") {
		return true
	}
	for i := 1; i+1 < len(s); i++ {
		if s[i] == '-' && s[i-1] >= 'A' && s[i-1] <= 'Z' && s[i+1] >= '0' && s[i+1] <= '9' {
			return true // an item id: "F-02"
		}
	}
	l := strings.ToLower(s)
	for _, k := range []string{"clause", "section", "article", "paragraph", "para", "schedule", "cl."} {
		if strings.Contains(l, k) {
			return true
		}
	}
	return false
}

// monthPrefix holds the first three letters of the month names.
var monthPrefix = map[string]bool{"jan": true, "feb": true, "mar": true, "apr": true, "may": true, "jun": true,
	"jul": true, "aug": true, "sep": true, "oct": true, "nov": true, "dec": true}

// durationInWords reads "fourteen (14) days", "twenty-four hours",
// "ninety business days" at the start of s by hand, and returns submatch
// indexes shaped like durDigitsRe's: the number words, the day qualifier
// (or -1), the unit; nil when s does not start with one.
func durationInWords(s string) []int {
	i, lastNum := 0, -1
	for i < len(s) {
		a, b := nextWord(s, i, len(s))
		if a >= len(s) || a-i > 1 && i > 0 {
			break
		}
		w := strings.ToLower(s[a:b])
		if _, ok := numberWords[w]; !ok && !(w == "and" && lastNum >= 0) {
			break
		}
		if w != "and" {
			lastNum = b
		}
		i = b
		if i < len(s) && s[i] == '-' {
			i++
		}
	}
	if lastNum < 0 {
		return nil
	}
	j := lastNum
	skip := func() {
		for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '-') {
			j++
		}
	}
	skip()
	if j < len(s) && s[j] == '(' {
		if k := strings.IndexByte(s[j:min(len(s), j+7)], ')'); k > 0 {
			j += k + 1
			skip()
		}
	}
	q0, q1 := -1, -1
	a, b := nextWord(s, j, len(s))
	if a != j {
		return nil
	}
	switch strings.ToLower(s[a:b]) {
	case "business", "working", "calendar", "clear", "banking":
		q0, q1 = a, b
		j = b
		skip()
		if a, b = nextWord(s, j, len(s)); a != j {
			return nil
		}
	}
	switch strings.ToLower(s[a:b]) {
	case "day", "days", "week", "weeks", "month", "months", "year", "years", "hour", "hours", "minute", "minutes", "hr", "hrs", "min", "mins":
		return []int{0, b, 0, lastNum, q0, q1, a, b}
	}
	return nil
}

// currencyWordAfter is a cheap test that a currency code or name follows
// the number at the start of s.
func currencyWordAfter(s string) bool {
	i := numberEnd(s)
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	e := i
	for e < len(s) && e-i < 8 && isWordByte(s[e]) {
		e++
	}
	w := s[i:e]
	if isCurrencyCode[w] {
		return true
	}
	switch strings.ToLower(w) {
	case "euro", "euros", "dollar", "dollars", "pound", "pounds":
		return true
	}
	return false
}

// containsFold reports whether s contains sub (lower case) in any case.
func containsFold(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}

// sharesItemID reports whether a and b share an item id ("F-02", "AI-2"),
// not a clause number: a rating belongs to a finding, not to a clause
// several findings cite.
func sharesItemID(a, b []string) bool {
	for _, x := range a {
		if x == "" || x[0] < 'A' || x[0] > 'Z' {
			continue
		}
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}

// mayStartLabel is a cheap test that s may start with a clause number or
// an item id (labelAnchorRe).
func mayStartLabel(s string) bool {
	t := strings.TrimLeft(s, "#* \t")
	if t == "" {
		return false
	}
	c := t[0]
	if c >= '0' && c <= '9' {
		return true
	}
	if c < 'A' || c > 'Z' {
		return false
	}
	for i := 1; i < len(t) && i <= 5; i++ {
		if t[i] == '-' || t[i] >= '0' && t[i] <= '9' {
			return true
		}
		if t[i] < 'A' || t[i] > 'Z' {
			return false
		}
	}
	return false
}

// denominator reports whether the number at i follows "N of" ("3 of 5
// attempts"): a ratio's base, not a count of its own.
func denominator(s string, i int) bool {
	w, at := wordBefore(s, i)
	if !strings.EqualFold(w, "of") && !strings.EqualFold(w, "out") {
		return false
	}
	n, _ := wordBefore(s, at)
	return n != "" && n[0] >= '0' && n[0] <= '9'
}

// mergeSpans sorts spans and merges the overlapping ones.
func mergeSpans(ss []span) []span {
	sortSpans(ss)
	out := ss[:0]
	for _, x := range ss {
		if n := len(out); n > 0 && x.start < out[n-1].end {
			out[n-1].end = max(out[n-1].end, x.end)
			continue
		}
		out = append(out, x)
	}
	return out
}
