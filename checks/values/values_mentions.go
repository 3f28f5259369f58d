package values

import (
	"regexp"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/evaluator"
)

// mention is one value read from the text with what it is attached to: its
// unit class, its normalised value, the words of the noun phrase it
// belongs to (head) and of the clause around it (ctx).
type mention struct {
	class      string  // "money:GBP", "days", "bdays", "months", "minutes", "seconds", "percent", "multiple", "date", "daterange", "time"
	rate       string  // the unit it is per ("month", "kg"), or ""
	val, val2  float64 // val2: a date range's end, a date's year (0: not given)
	start, end int     // the value's text
	sent       int     // index of its sentence in valueDoc.sents
	flags      mflag
	tense      int8     // tenseDefault, tenseOld or tenseNew
	head       []int32  // word ids of the noun phrase it is attached to
	ctx        []int32  // word ids around it in its sentence
	topic      []int32  // word ids of its heading and its block's lead-in
	from       []int32  // a duration's reference point: "within 14 days of delivery"
	col        []int32  // a table cell's column heading words
	ref        string   // the clause reference it stands next to ("ref:3.3"), if any
	part       string   // the part it says it is set out in ("schedule 1"), if any
	mult       float64  // how many times a per-item amount counts: "5 repayments of $38.00"
	eachNoun   []string // what a per-item amount is per: "for each missed appointment" (reduced words)
	frame      uint64   // hash of the words right around it (0: too few), for restatements in one frame
	digits     string   // significant digits of val (see vDigitKey)
	intDigits  int
}

// mflag describes how a value is stated.
type mflag uint32

const (
	fApprox   mflag = 1 << iota // "about", "roughly", "~"
	fBound                      // "at least", "more than", "over", "under"
	fCap                        // "up to", "maximum", "not exceeding"
	fRange                      // one end of a range ("between 10 and 20", "3–5 days")
	fTotal                      // a total ("in total", "a total of", a "Total" row)
	fEach                       // a per-item amount ("EUR 18.00 each")
	fDefinite                   // "the £34.00", "those 14 days": refers to a value stated elsewhere
	fSame                       // "the same price (£89.00)"
	fQuoted                     // inside a quotation
	fHypo                       // an example or a supposition: never compared
	fTable                      // a table cell
	fHeading                    // a heading
	fOperand                    // an operand or the result of a stated calculation
	fPart                       // the N of "N of M"
	fExtra                      // "a further 5 years": added to another value
	fList                       // one of an enumeration ("$10, $50 and $100")
	fRemain                     // what is left of a quantity: "That leaves $136.00"
	fBelow                      // a total whose parts are the list that follows ("made up of:")
	fDefHead                    // its noun phrase is definite: "The credit of £21.90", "Your credit: £19.20"
	fPointer                    // after a plural demonstrative: "those 14 days", "these 3 attempts" point back
)

// Tenses of a value: a change states an old and a new value of one thing.
const (
	tenseDefault int8 = iota
	tenseOld
	tenseNew
	tenseCur  // generic text: what it states, neither marked old nor proposed
	tenseProp // drafted text proposed for a document that is itself the new text
)

// vsent is the context of values: a sentence, a heading, a labelled line
// or a table row.
type vsent struct {
	start, end int
	block      int      // paragraph index: blank lines and headings separate blocks
	table      int      // 1 + index of its table; 0 outside tables
	anchors    []string // "ref:7.2", "own:2.2", "id:F-2", "per:year 3"
	inh        int      // anchors[:inh] are inherited from the heading
	label      string   // the anchor of its line's own clause number, in a contract-like text
	quals      []string // time qualifiers: dates and period labels
	cmp        int8     // its stance (see valueDoc.stance), 0 until read
	list       int      // 1 + index of the list it is an item of; 0 outside lists
	row        int      // a table row: the row's line start; -1 outside tables
	col        int      // a table cell: its column index
}

// valueDoc is a document read for values.
type valueDoc struct {
	text      string
	kind      evaluator.Kind
	review    bool // a memo or red-team report: its own numbering is not the source's (a redline's is)
	memo      bool // a review memo: it describes the source (old values) and proposes (new ones)
	plain     bool // generic text (no kind): it may describe and propose
	sents     []vsent
	ms        []mention
	ids       map[string]int32   // word -> id
	df        []int32            // id -> number of sentences holding the word
	idfs      []float64          // id -> idf, once the document is read
	headCount map[headKey]int    // mentions of a class whose noun phrase holds a word
	ownCount  map[vClauseKey]int // mentions of a class in the sentences of a clause's own number
	generic   map[int32]bool     // word ids of generic heads ("notice", "fee")
	acronym   map[int32]bool     // word ids of acronyms ("RTO", "SLA")
	keys      map[string]string
	surface   map[string]int32  // word as written -> 1 + its index in words
	words     []vWord           // the distinct words as written, interned by internToks
	lower     map[string]string // capitalised word -> lower case
	nsents    int
	toks      []vtok
	tokIDs    []int32 // per token: its subject word id, or -1
	raw       []rawValue
	calcs     []calcIssue // written-out calculations that do not compute
	seen      []int32     // per word id: last sentence counted (for df)
	headings  []int       // line starts of the headings, in order: a section runs to the next
	parts     []int       // line starts of the part titles ("Schedule 1 - Fees"), read when first needed
	partsRead bool
	lbuf      [32]byte

	// The current line's spans: code and struck-out text (skip), and
	// quotations (quotes); lineQuoted for a block-quote line.
	struck       map[float64]bool // figures inside struck-out text: the old values
	line         doctext.Line     // the line being read
	spansDone    bool             // skip and quotes are set for line
	skip, quotes []doctext.Span
	lineQuoted   bool
}

// readValueDoc reads every value of doc.Text outside code, with its
// context, in document order.
func readValueDoc(doc check.Document) *valueDoc {
	d := &valueDoc{text: doc.Text, kind: doc.Kind, memo: doc.Kind == evaluator.KindReviewMemo, plain: doc.Kind == "",
		review: doc.Kind == evaluator.KindReviewMemo || doc.Kind == evaluator.KindRedTeamReport,
		ids:    map[string]int32{}, keys: map[string]string{}}
	text := d.text
	// A contract holds about one value per 500 bytes: room for that many
	// spares the regrowth of large slices.
	d.ms = make([]mention, 0, len(text)/500+8)
	d.sents = make([]vsent, 0, len(text)/600+8)
	d.struck = vStruckValues(text)
	inFence := false
	block := 0
	var header []string      // cells of the current table's header
	var headerCols []vColumn // what each header cell gives its column
	tables := 0
	inTable := false
	// The current heading and bold lead-in are read only when a value
	// needs them: most lines hold none.
	headSpan, titleSpan := doctext.Span{Start: -1, End: -1}, doctext.Span{Start: -1, End: -1}
	var heading, title []int32 // words of the current heading and block's bold lead-in
	var headAnchors []string
	headRead, titleRead := true, true
	headingCtx := func() ([]int32, []string) {
		if !headRead {
			headRead = true
			heading = d.wordIDs(nil, text[headSpan.Start:headSpan.End], false)
			headAnchors = d.textAnchors(headSpan.Start, headSpan.End)
		}
		return heading, headAnchors
	}
	titleCtx := func() []int32 {
		if !titleRead {
			titleRead = true
			title = d.wordIDs(nil, text[titleSpan.Start:titleSpan.End], false)
		}
		return title
	}
	lineAnchor := ""
	var lineAnchors []string // []string{lineAnchor}, built when it changes
	lists, inList := 0, false
	recLevel := 0       // level of the open recommendations section, 0 for none
	draftBlock := false // indented lines after "Revise clause 2.2 to read:" are drafted text
	introLine := ""     // the last line ending in ":", until a line follows it
	doctext.ForEachLine(text, func(l doctext.Line) {
		raw := text[l.Start:l.End]
		s := strings.TrimSpace(raw)
		if strings.HasPrefix(s, "```") || strings.HasPrefix(s, "~~~") {
			inFence = !inFence
			return
		}
		if inFence {
			return
		}
		if s == "" {
			block++
			inTable, header, title, titleRead = false, nil, nil, true
			return
		}
		d.line, d.spansDone = l, false
		indented := strings.HasPrefix(raw, "    ") || strings.HasPrefix(raw, "\t")
		if !indented && !strings.HasPrefix(s, ">") {
			draftBlock = false
		}
		if indented && introLine != "" {
			draftBlock = doctext.IsDraftIntro(introLine)
			introLine = ""
		}
		if lvl := sectionLevel(raw); lvl > 0 {
			if recLevel > 0 && lvl <= recLevel {
				recLevel = 0
			}
			if vRecommendationTitle(s) {
				recLevel = lvl
			}
		}
		proposed := recLevel > 0 || draftBlock && indented
		if strings.HasPrefix(s, "|") {
			cells := vSplitCells(s)
			if valueTableRule(cells) {
				return
			}
			if !inTable {
				inTable = true
				tables++
				block++
				header, headerCols = nil, nil
				if vIsHeaderRow(text, l.End) {
					header = cells
					headerCols = make([]vColumn, len(cells))
					for i, c := range cells {
						headerCols[i] = vColumn{tense: vLabelTense(c), rate: vHeaderRate(c), cur: vHeaderCurrency(c)}
					}
					return
				}
			}
			if vMayHoldValue(s) || header != nil {
				h, ha := headingCtx()
				d.tableRow(l, s, cells, header, headerCols, tables, block, h, ha, proposed)
			}
			return
		}
		inTable, header = false, nil
		list := 0
		if vListMarkerAt(raw) {
			if !inList {
				lists++
				inList = true
			}
			list = lists
		} else if !indented {
			inList = false
		}
		if lvl, off := doctext.HeadingLevel(raw); lvl > 0 {
			block++
			d.headings = append(d.headings, l.Start)
			title, titleRead = nil, true
			headSpan, headRead = doctext.Span{Start: l.Start + off, End: l.End}, false
			heading, headAnchors = nil, nil
			if a := d.ownLabel(raw[off:]); a != "" {
				lineAnchor = a
			} else {
				lineAnchor = ""
			}
			if vMayHoldValue(raw[off:]) {
				h, _ := headingCtx()
				d.sentence(l.Start+off, l.End, sentCtx{block: block, heading: true, topic: h, labelEnd: -1, proposed: proposed, row: -1, mayHold: true})
			}
			return
		}
		// A labelled line: "- Platform fee: $16,500", "**Severity:** High",
		// "New amount: $97.35". The label names what the values are.
		body := l.Start + (len(raw) - len(strings.TrimLeft(raw, " \t")))
		body = vSkipListMarker(text, body, l.End)
		if a := d.ownLabel(text[body:l.End]); a != "" {
			lineAnchor = a
		} else if !strings.HasPrefix(raw, " ") && !strings.HasPrefix(raw, "\t") && !vListMarkerAt(raw) {
			lineAnchor = ""
		}
		leadEnd := -1 // where a plain lead-in ends: its references anchor the item's sentences
		if te, ok := vBoldLead(text, body, l.End); ok {
			titleSpan, titleRead = doctext.Span{Start: body, End: te}, false
		} else if te, ok := vPlainLead(text, body, l.End); ok && vListMarkerAt(raw) {
			titleSpan, titleRead, leadEnd = doctext.Span{Start: body, End: te}, false, te
		}
		if vMayHoldValue(text[body:l.End]) {
			checked := body // text[checked:l.end] may hold a value
			var label []int32
			labelTenseV := tenseDefault
			labelEnd := -1
			total, labelDef := false, false
			if le, ls, ok := vLineLabel(text, body, l.End); ok {
				label = d.wordIDs(nil, text[body:ls], false)
				labelTenseV = vLabelTense(text[body:ls])
				total = vTotalLabel(text[body:ls])
				labelDef = vDefinite(text[body:ls])
				body, labelEnd = le, le
			}
			h, ha := headingCtx()
			topic := append(append([]int32(nil), h...), titleCtx()...)
			var anchors []string
			ownClause := ""
			if lineAnchor != "" {
				if len(lineAnchors) == 0 || lineAnchors[0] != lineAnchor {
					lineAnchors = []string{lineAnchor} // read only: shared by the lines it heads
				}
				anchors = lineAnchors
				if strings.HasPrefix(lineAnchor, "ref:") {
					ownClause = lineAnchor
				}
			}
			var lead []int32
			if leadEnd > body {
				// "Non-compete (clause 8) - High.": the lead-in's clause
				// is the clause of the sentences after it.
				anchors = append(append([]string(nil), anchors...), d.textAnchors(body, leadEnd)...)
				lead = d.wordIDs(nil, text[body:leadEnd], false)
			}
			for from := body; from < l.End; {
				end := valueSentenceEnd(text, from, l.End)
				sl := lead
				if from < leadEnd {
					sl = nil // the lead-in itself
				}
				d.sentence(from, end, sentCtx{block: block, lead: sl, label: label, labelEnd: labelEnd, labelDef: labelDef, labelTense: labelTenseV, topic: topic, anchors: anchors, ownClause: ownClause, inherited: ha, proposed: proposed, list: list, row: -1, total: total,
					mayHold: from == checked && end == l.End})
				from = end
			}
		}
		if !indented {
			// An introduction ("Revise clause 2.2 to read:") is judged only
			// when an indented line follows it.
			if t := strings.TrimRight(s, "*_ \t"); strings.HasSuffix(t, ":") {
				introLine = strings.TrimSuffix(t, ":")
			} else {
				introLine = ""
			}
		}
		// "I've refunded CAD 1,189.60. This is made up of:": the amount is
		// the total of the list that follows.
		if strings.HasSuffix(strings.TrimRight(s, "*_ \t"), ":") && vBreakdownIntro(s) && len(d.ms) > 0 {
			if m := &d.ms[len(d.ms)-1]; d.sents[m.sent].block == block && (strings.HasPrefix(m.class, "money:") || vIsDuration(m.class)) {
				m.flags |= fTotal | fBelow
			}
		}
	})
	return d
}

// sentCtx is what a sentence inherits from its line and section.
type sentCtx struct {
	block       int
	table       int
	heading     bool
	label       []int32  // words of its line's label or its table row and column
	labelEnd    int      // where the label ends: it names a value right after it; -1 for none
	labelDef    bool     // the label is a definite noun phrase ("Your credit", "The total")
	labelTense  int8     // tense its label gives ("Current:", "Proposed:")
	topic       []int32  // words of its heading and its block's lead-in
	lead        []int32  // words of its list item's plain lead-in: the subject of a value that names none
	anchors     []string // anchors of its line (its own number)
	ownClause   string   // its line's own clause number as a reference ("ref:8.1"), if any
	inherited   []string // anchors of its heading
	cellTense   int8
	col         []int32 // a table cell's column heading words
	colRate     string  // the rate its column heading gives ("Monthly fee": "month")
	proposed    bool    // in a recommendations section or a drafted block: it proposes
	list        int     // 1 + index of the list it is an item of
	row, colIdx int     // a table cell's row (line start) and column
	total       bool    // its label or row names a total ("Total", "Amount due")
	// cellCurrency is the currency a table cell's column heading gives a
	// bare figure ("Fee (USD)": "USD"; "Amount": "?", unknown).
	cellCurrency string
	// mayHold says the caller found vMayHoldValue true on exactly this
	// sentence's text (a heading, a one-sentence line): no second scan.
	mayHold bool
}

// vColumn is what a table's header cell gives the cells under it, read
// once per table: its tense, rate and currency, and its words (ids read
// on first need; shared, read only).
type vColumn struct {
	tense     int8
	rate, cur string
	ids       []int32
	idsDone   bool
}

// vSplitCells splits a Markdown table row into its cells.
func vSplitCells(s string) []string {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "|")
	s = strings.TrimSuffix(s, "|")
	return strings.Split(s, "|")
}

// vIsHeaderRow reports whether the line after the one ending at end is a
// table rule, which makes that line a header.
func vIsHeaderRow(text string, end int) bool {
	if end >= len(text) {
		return false
	}
	next := text[end+1:]
	if i := strings.IndexByte(next, '\n'); i >= 0 {
		next = next[:i]
	}
	next = strings.TrimSpace(next)
	return strings.HasPrefix(next, "|") && valueTableRule(vSplitCells(next))
}

// tableRow reads the values of one table row: each cell's values take the
// row's label (its first cell that is not an id or a number) and the
// cell's column heading as their noun phrase.
func (d *valueDoc) tableRow(l doctext.Line, s string, cells, header []string, cols []vColumn, table, block int, heading []int32, headAnchors []string, proposed bool) {
	text := d.text
	off := l.Start + strings.IndexByte(text[l.Start:l.End], '|') + 1
	label := ""
	var anchors []string
	for i, c := range cells {
		c = strings.Trim(strings.TrimSpace(c), "*_ ")
		if c == "" {
			continue
		}
		if id := vItemID(c); id != "" {
			anchors = append(anchors, "id:"+id)
			continue
		}
		ref := i < len(header) && vRefHeader(header[i])
		if valueClauseNumber(c) && (ref || i == 0) || vIsSmallInt(c) && i == 0 {
			ns := "own:"
			if ref || !d.review {
				ns = "ref:"
			}
			anchors = append(anchors, ns+c)
			continue
		}
		if nums := vClauseList(c); ref && len(nums) > 1 {
			// "7.1 / 5.1", "3.2, 3.4": a row about several clauses
			// refers to each.
			for _, n := range nums {
				anchors = append(anchors, "ref:"+n)
			}
			continue
		}
		if label == "" && !vStartsWithValue(c) {
			label = c
		}
	}
	anchors = append(anchors, d.textAnchors(l.Start, l.End)...)
	labelIDs := d.wordIDs(nil, label, false)
	rowTotal := vTotalLabel(label)
	for i, c := range cells {
		cs := off
		off += len(c) + 1
		if strings.TrimSpace(c) == "" {
			continue
		}
		var colIDs []int32
		tense := tenseDefault
		colRate, colCur := "", ""
		if i < len(header) {
			col := &cols[i]
			if !col.idsDone {
				// Read when a row first needs it, as each row once did: the
				// word ids are given in the same order.
				col.ids, col.idsDone = d.wordIDs(nil, header[i], false), true
			}
			colIDs, tense, colRate, colCur = col.ids, col.tense, col.rate, col.cur
		}
		words := append(append([]int32(nil), labelIDs...), colIDs...)
		if strings.TrimSpace(c) == label {
			words = colIDs
		}
		// The row and column name the value of a short cell; a cell of
		// prose names its own values.
		labelEnd := cs
		if doctext.WordCount(text, cs, cs+len(c)) > 8 {
			labelEnd = -1
		}
		d.sentence(cs, cs+len(c), sentCtx{block: block, table: table, label: words, labelEnd: labelEnd, topic: heading, anchors: anchors, inherited: headAnchors, cellTense: tense, col: colIDs, colRate: colRate, proposed: proposed, row: l.Start, colIdx: i, total: rowTotal, cellCurrency: colCur, labelDef: vDefinite(label)})
	}
}

// vRefHeader reports whether a column heading names source references.
func vRefHeader(h string) bool {
	h = strings.ToLower(h)
	for _, w := range []string{"clause", "section", "ref", "§", "art", "para", "provision", "cl."} {
		if strings.Contains(h, w) {
			return true
		}
	}
	return false
}

// vIsSmallInt reports whether s is a whole number of one to three digits.
func vIsSmallInt(s string) bool {
	if s == "" || len(s) > 3 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// vStartsWithValue reports whether a cell starts with a figure or a
// currency: it is a value, not a label.
func vStartsWithValue(c string) bool {
	if c == "" {
		return false
	}
	if c[0] >= '0' && c[0] <= '9' || c[0] == '$' || c[0] == '~' || strings.HasPrefix(c, "€") || strings.HasPrefix(c, "£") {
		return true
	}
	if len(c) >= 4 && c[3] == ' ' {
		if _, ok := valueCurrencies[strings.ToLower(c[:3])]; ok && c[4] >= '0' && c[4] <= '9' {
			return true
		}
	}
	return false
}

// vListMarkerAt reports whether a line starts with a list marker.
func vListMarkerAt(raw string) bool {
	s := strings.TrimLeft(raw, " \t")
	if strings.HasPrefix(s, "- ") || strings.HasPrefix(s, "* ") || strings.HasPrefix(s, "+ ") {
		return true
	}
	// "2. ", "10) "
	i := 0
	for i < len(s) && i < 3 && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i > 0 && i+1 < len(s) && (s[i] == '.' || s[i] == ')') && (s[i+1] == ' ' || s[i+1] == '\t')
}

// vSkipListMarker returns the offset after a list marker ("- ", "2. ",
// "(a) ") at i, or i.
func vSkipListMarker(text string, i, end int) int {
	j := i
	if j+1 < end && (text[j] == '-' || text[j] == '*' || text[j] == '+') && text[j+1] == ' ' {
		return vSkipBlanks(text, j+2, end)
	}
	k := j
	for k < end && k-j < 3 && text[k] >= '0' && text[k] <= '9' {
		k++
	}
	if k > j && k+1 < end && (text[k] == '.' || text[k] == ')') && text[k+1] == ' ' {
		return vSkipBlanks(text, k+2, end)
	}
	if j < end && text[j] == '(' {
		k = j + 1
		for k < end && k-j <= 4 && (vIsLetterByte(text[k]) || text[k] >= '0' && text[k] <= '9') {
			k++
		}
		if k < end && k > j+1 && text[k] == ')' && k+1 < end && text[k+1] == ' ' {
			return vSkipBlanks(text, k+2, end)
		}
	}
	return i
}

func vSkipBlanks(text string, i, end int) int {
	for i < end && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	return i
}

// vLineLabel finds a label at the start of a line: up to seven words
// before a colon ("Platform fee:", "**Severity:**", "New amount:"). It
// returns where the label's text ends (ls) and where the body starts (le).
func vLineLabel(text string, i, end int) (le, ls int, ok bool) {
	limit := min(end, i+80)
	words := 0
	inWord := false
	for j := i; j < limit; j++ {
		c := text[j]
		switch {
		case c == ':':
			if words == 0 || j+1 < end && text[j+1] != ' ' && text[j+1] != '*' && text[j+1] != '\t' {
				return 0, 0, false // "10:30", "http://"
			}
			ls = j
			for ls > i && (text[ls-1] == '*' || text[ls-1] == '_' || text[ls-1] == ' ') {
				ls--
			}
			le = j + 1
			for le < end && (text[le] == '*' || text[le] == '_' || text[le] == ' ' || text[le] == '\t') {
				le++
			}
			return le, ls, words <= 5
		case c == '.' || c == ';' || c == '!' || c == '?' || c == '(' || c == ',' && words > 4 || c == '-' && j+1 < limit && text[j+1] == ' ':
			return 0, 0, false
		case c == 0xE2 && j+2 < limit && text[j+1] == 0x80 && (text[j+2] == 0x94 || text[j+2] == 0x93):
			return 0, 0, false // an em or en dash: a title, not a label
		case doctext.IsWordByte(c) || c >= vUtf8RuneSelf:
			if !inWord {
				words++
				inWord = true
			}
		default:
			inWord = false
		}
	}
	return 0, 0, false
}

const vUtf8RuneSelf = 0x80

// vBoldLead finds a bold lead-in at i ("**Transition assistance (90
// days).** The following ..."): it returns the end of its text.
func vBoldLead(text string, i, end int) (int, bool) {
	if !strings.HasPrefix(text[i:end], "**") {
		return 0, false
	}
	j := strings.Index(text[i+2:end], "**")
	if j < 0 || j > 160 {
		return 0, false
	}
	return i + 2 + j, true
}

// vOwnLabel returns the anchor of a line's own number ("8.1 This Agreement
// ...", "2.4 **Exit**", "### F-02 IDOR"), or "". A contract's own clause
// numbers are what references name ("ref:"); a review's are its own
// ("own:").
func (d *valueDoc) ownLabel(s string) string {
	if d.review {
		return vOwnLabel(s, "own:")
	}
	return vOwnLabel(s, "ref:")
}

// vOwnLabel returns the anchor of a line's own number, in namespace ns
// ("own:" or "ref:"; an item id is always "id:").
func vOwnLabel(s, ns string) string {
	s = strings.TrimLeft(s, " \t*_")
	if s == "" || !(s[0] >= '0' && s[0] <= '9' || s[0] >= 'A' && s[0] <= 'Z' && strings.IndexByte(s[:min(len(s), 6)], '-') > 0) {
		return "" // neither "8.1 ..." nor "F-02 ..."
	}
	if s[0] >= '0' && s[0] <= '9' {
		// "8.1 ", "10.2.3 ": digits with at least one dot, then a break.
		i, dots := 0, 0
		for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9') {
			if s[i] == '.' {
				dots++
			}
			i++
		}
		if dots == 0 || i < len(s) && doctext.WordByte[s[i]] {
			return ""
		}
		return ns + s[:i]
	}
	if m := valueLabelRe.FindStringSubmatch(s); m != nil {
		if m[2] != "" {
			if id := vItemID(m[2]); id != "" {
				return "id:" + id
			}
			return ""
		}
		return ns + m[1]
	}
	return ""
}

// vItemID normalises an item id ("F-02" -> "F-2", "AI-2", "NA-02") or
// returns "".
func vItemID(s string) string {
	dash := strings.IndexByte(s, '-')
	if dash < 1 || dash > 4 || dash == len(s)-1 || len(s)-dash-1 > 3 {
		return ""
	}
	for i := 0; i < dash; i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return ""
		}
	}
	n := strings.TrimLeft(s[dash+1:], "0")
	for i := 0; i < len(n); i++ {
		if n[i] < '0' || n[i] > '9' {
			return ""
		}
	}
	if n == "" {
		n = "0"
	}
	return s[:dash+1] + n
}

// textAnchors returns the anchors of text[from:to] (see tokenAnchors).
func (d *valueDoc) textAnchors(from, to int) []string {
	d.toks = vTokenize(d.toks[:0], d.text, from, to)
	return d.tokenAnchors(nil)
}

// valueSentenceEnd returns the end of the sentence starting at from: after
// ". ", "! ", "? " or ";" — not after an abbreviation, an initial or a
// decimal point — or end.
// maxValueSentence bounds the bytes read as one sentence (4 KB: prose
// sentences are far shorter); a longer run is read in pieces.
const MaxValueSentence = 4 << 10

// sentenceLimit is where a sentence starting at from may end at the latest,
// given the line ends at end: a run longer than maxValueSentence without
// an end is not a sentence, so it is cut at a space, which keeps the
// per-sentence work (tense, anchors, overlapping readings) bounded and the
// whole read linear.
func SentenceLimit(text string, from, end int) int {
	if end-from <= MaxValueSentence {
		return end
	}
	cut := from + MaxValueSentence
	if sp := strings.LastIndexByte(text[from+MaxValueSentence/2:cut], ' '); sp >= 0 {
		cut = from + MaxValueSentence/2 + sp + 1
	}
	return cut
}

func valueSentenceEnd(text string, from, end int) int {
	depth := 0
	end = SentenceLimit(text, from, end)
	for j := from; j < end; j++ {
		if !vSentenceBytes[text[j]] {
			continue // most bytes: one table read, not a switch
		}
		switch text[j] {
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
			}
		case ';':
			if depth == 0 {
				return j + 1
			}
		case '.', '!', '?':
			if j+1 < end && text[j+1] != ' ' && text[j+1] != '*' && text[j+1] != '"' && text[j+1] != ')' {
				continue
			}
			if text[j] == '.' && vAbbreviationBefore(text, from, j) {
				continue
			}
			k := j + 1
			for k < end && (text[k] == '*' || text[k] == '"' || text[k] == ')' || text[k] == '_') {
				k++
			}
			return k
		}
	}
	return end
}

// vSentenceBytes marks the bytes valueSentenceEnd acts on.
var vSentenceBytes = func() (t [256]bool) {
	for _, c := range "();.!?" {
		t[c] = true
	}
	return t
}()

// vAbbreviationBefore reports whether the period at j closes an
// abbreviation or an initial ("e.g.", "No.", "Dr E.", "approx.").
func vAbbreviationBefore(text string, from, j int) bool {
	k := j
	for k > from && doctext.IsWordByte(text[k-1]) {
		k--
	}
	if j-k > 6 {
		return false // word bytes are ASCII: longer than any abbreviation below, spare the copy
	}
	w := strings.ToLower(text[k:j])
	if len(w) == 1 {
		return true
	}
	switch w {
	case "e.g", "i.e", "no", "nos", "dr", "mr", "mrs", "ms", "approx", "art", "cl", "para", "paras", "sec", "ss", "vs", "etc", "inc", "ltd", "co", "p", "pp", "st", "am", "pm", "fig", "ca", "cf", "al":
		return true
	}
	return false
}

// valueLabelRe finds a line's own number: "8.1 This Agreement ...",
// "2.4 **Exit**" (group 1), "### F-02 IDOR" (group 2).
var valueLabelRe = regexp.MustCompile(`^(?:\*\*)?(?:(\d{1,3}(?:\.\d{1,3})+)\b|([A-Z]{1,4}-\d{1,3})\b)`)

// valueTableRule reports whether cells are a Markdown table's rule row.
func valueTableRule(cells []string) bool {
	for _, c := range cells {
		if strings.Trim(strings.TrimSpace(c), ":-") != "" {
			return false
		}
	}
	return true
}

// valueClauseNumber reports whether s is a multi-level number ("11.3").
func valueClauseNumber(s string) bool {
	dot := false
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '.' && i > 0 && i < len(s)-1 && s[i-1] != '.':
			dot = true
		case s[i] < '0' || s[i] > '9':
			return false
		}
	}
	return dot
}

// vClauseList returns the clause numbers of a cell that lists only clause
// numbers ("7.1 / 5.1", "3.2, 3.4 and 9.1"), or nil.
func vClauseList(s string) []string {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == '/' || r == ',' || r == ';' || r == '&' || r == ' ' })
	var out []string
	for _, p := range f {
		if p == "and" {
			continue
		}
		if !valueClauseNumber(p) {
			return nil
		}
		out = append(out, p)
	}
	return out
}

// lineSpans sets the current line's code and struck-out spans (never read)
// and its quotations.
func (d *valueDoc) lineSpans() {
	if d.spansDone {
		return
	}
	d.spansDone = true
	text := d.text
	start, end := d.line.Start, d.line.End
	d.skip = append(d.skip[:0], doctext.CodeSpans(text, start, end)...)
	d.skip = vAppendStruck(d.skip, text, start, end)
	d.quotes = append(d.quotes[:0], doctext.QuotedSpans(text, start, end)...)
	t := strings.TrimLeft(text[start:end], " \t")
	d.lineQuoted = strings.HasPrefix(t, ">")
}

// vStruckMarks are the pairs that mark deleted text in a redline.
var vStruckMarks = [][2]string{{"~~", "~~"}, {"<del>", "</del>"}, {"<s>", "</s>"}, {"<strike>", "</strike>"}, {"[deleted:", "]"}, {"[Deleted:", "]"}, {"[delete:", "]"}, {"[struck:", "]"}}

// vAppendStruck appends the struck-out spans of text[start:end].
func vAppendStruck(dst []doctext.Span, text string, start, end int) []doctext.Span {
	line := text[start:end]
	if !strings.ContainsAny(line, "~<[") { // one scan: no mark can start here
		return dst
	}
	for _, mk := range vStruckMarks {
		for off := 0; ; {
			i := strings.Index(line[off:], mk[0])
			if i < 0 {
				break
			}
			i += off
			j := strings.Index(line[i+len(mk[0]):], mk[1])
			if j < 0 {
				break
			}
			e := i + len(mk[0]) + j + len(mk[1])
			dst = append(dst, doctext.Span{Start: start + i, End: start + e})
			off = e
		}
	}
	doctext.SortSpans(dst)
	return dst
}

// vStruckValues returns the figures and number words inside struck-out
// text ("~~60~~", "[deleted: thirty (30) days]"): a value stated elsewhere
// with one of them is the old one under discussion.
func vStruckValues(text string) map[float64]bool {
	if !strings.Contains(text, "~~") && !strings.Contains(text, "<del>") && !strings.Contains(text, "<s>") && !strings.Contains(text, "<strike>") && !strings.Contains(text, "[deleted:") && !strings.Contains(text, "[Deleted:") && !strings.Contains(text, "[delete:") && !strings.Contains(text, "[struck:") {
		return nil
	}
	out := map[float64]bool{}
	var spans []doctext.Span
	doctext.ForEachLine(text, func(l doctext.Line) {
		spans = vAppendStruck(spans[:0], text, l.Start, l.End)
		for _, sp := range spans {
			for i := sp.Start; i < sp.End; {
				a, b := doctext.NextWord(text, i, sp.End)
				if a >= sp.End {
					break
				}
				i = b
				w := text[a:b]
				if w[0] >= '0' && w[0] <= '9' {
					if v, ok := vFigureValue(text[a:vFigureEnd(text, a, sp.End)]); ok {
						out[v] = true
					}
				} else if n, ok := doctext.NumberWords[strings.ToLower(w)]; ok {
					out[float64(n)] = true
				}
			}
		}
	})
	return out
}

// vHeaderRate returns the rate a column heading gives its amounts:
// "Monthly fee" gives "month", "Rate per hour" gives "hour".
func vHeaderRate(h string) string {
	for _, w := range strings.Fields(strings.ToLower(strings.Trim(h, " *_"))) {
		if r := vRateAlias(w); r != "" {
			return r
		}
	}
	if i := strings.Index(strings.ToLower(h), "per "); i >= 0 {
		f := strings.Fields(strings.ToLower(h[i+4:]))
		if len(f) > 0 {
			return vRateUnits[strings.Trim(f[0], "*_.,)")]
		}
	}
	return ""
}

// sectionLevel returns the level of a section title line: a Markdown
// heading's level, 7 for a line that is all bold ("**Recommendations**"),
// 0 for other lines.
func sectionLevel(raw string) int {
	if lvl, _ := doctext.HeadingLevel(raw); lvl > 0 {
		return lvl
	}
	s := strings.TrimSpace(raw)
	s = strings.TrimSuffix(s, ":")
	if len(s) > 4 && strings.HasPrefix(s, "**") && strings.HasSuffix(s, "**") && !strings.Contains(s[2:len(s)-2], "**") {
		return 7
	}
	return 0
}

// vRecommendationTitle reports whether a section title opens the
// recommendations (what the deliverable proposes) and not findings too:
// "## Recommendations", "**Proposed changes**", "Next steps".
func vRecommendationTitle(s string) bool {
	l := strings.ToLower(s)
	if strings.Contains(l, "finding") || strings.Contains(l, "issue") || strings.Contains(l, "observation") || strings.Contains(l, "analysis") {
		return false
	}
	for _, w := range []string{"recommend", "proposed change", "proposed amendment", "our proposal", "next step", "suggested change", "requested change", "action"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// vTotalLabel reports whether a label names a total: "Total", "Total
// fixed fee", "Amount due", "Grand total", "Subtotal".
func vTotalLabel(label string) bool {
	l := strings.ToLower(label)
	return strings.Contains(l, "total") || strings.Contains(l, "amount due") || strings.Contains(l, "balance due") || strings.Contains(l, "sum due")
}

// vBreakdownIntro reports whether a line ending in ":" introduces the
// parts of an amount stated just before: "This is made up of:", "as
// follows:", "broken down as:".
func vBreakdownIntro(s string) bool {
	l := strings.ToLower(s)
	for _, w := range []string{"made up of", "consists of", "comprises", "comprising", "broken down", "breakdown", "as follows", "itemised", "itemized", "calculated as", "works out as"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// vHeaderCurrency returns the currency a column heading gives the bare
// figures under it: the code or sign it names ("Fee (USD)", "Amount £"),
// "?" for an amount in no named currency ("Fee", "Price"), "" otherwise.
func vHeaderCurrency(h string) string {
	for sign, code := range valueCurrencySigns {
		if strings.Contains(h, sign) {
			return code
		}
	}
	l := strings.ToLower(h)
	for _, w := range strings.FieldsFunc(l, func(r rune) bool { return !(r >= 'a' && r <= 'z') }) {
		if c, ok := valueCurrencies[w]; ok && len(w) == 3 {
			return c
		}
	}
	for _, w := range []string{"fee", "price", "cost", "amount", "charge", "payment", "total"} {
		if strings.Contains(l, w) {
			return "?"
		}
	}
	return ""
}

// vDefinite reports whether a label is a definite noun phrase: "Your
// credit", "The total", "Our fee".
func vDefinite(label string) bool {
	l := strings.ToLower(strings.TrimLeft(label, " *_"))
	for _, p := range []string{"the ", "your ", "our ", "this ", "that "} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}
