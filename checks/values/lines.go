package values

import (
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/evaluator"
)

// This file reads a document line by line: sections, tables, lists and
// lead-ins give the sentences of each line their context.

// readValueDoc reads every value of doc.Text outside code, with its
// context, in document order.
func readValueDoc(doc check.Document) *valueDoc {
	d := &valueDoc{text: doc.Text, kind: doc.Kind, memo: doc.Kind == evaluator.KindReviewMemo || doc.Kind == evaluator.KindRedTeamReport, plain: doc.Kind == "",
		review: doc.Kind == evaluator.KindReviewMemo || doc.Kind == evaluator.KindRedTeamReport,
		drafts: docDrafts{a: doctext.AnalysisOf(doc)}}
	text := d.text
	// The word maps sized for a document's distinct words (about 2,800
	// in the 1 MB memo): they fill without rehashing.
	words := min(len(text)/256, 4096) + 16
	d.ids, d.keys, d.surface = make(map[string]int32, words), make(map[string]string, words), make(map[string]int32, words)
	// A contract holds up to one value per 150 bytes, a memo one per 250:
	// room for that many spares regrowing (copying and clearing) the
	// largest slices of the read, once or twice.
	d.ms = make([]mention, 0, len(text)/128+8)
	d.sents = make([]vsent, 0, len(text)/160+8)
	d.struck = vStruckValues(text)
	r := &docReader{d: d, text: text,
		headSpan: doctext.Span{Start: -1, End: -1}, titleSpan: doctext.Span{Start: -1, End: -1},
		headRead: true, titleRead: true}
	doctext.ForEachLine(text, r.line)
	return d
}

// docReader is the state of reading a document line by line for values:
// the block, table, list and section a line is in, and what it inherits
// from the heading and lead-in above it.
type docReader struct {
	d          *valueDoc
	text       string
	inFence    bool
	block      int
	header     []string  // cells of the current table's header
	headerCols []vColumn // what each header cell gives its column
	tables     int
	inTable    bool
	// The current heading and bold lead-in are read only when a value
	// needs them: most lines hold none.
	headSpan, titleSpan doctext.Span
	heading, title      []int32 // words of the current heading and block's bold lead-in
	headAnchors         []string
	headRead, titleRead bool
	// topic is the heading's words then the lead-in's, shared (read only)
	// by the lines under both until either changes (topicOK false).
	topic       []int32
	topicOK     bool
	lineAnchor  string
	lineAnchors []string // []string{lineAnchor}, built when it changes
	lists       int
	inList      bool
	recLevel    int    // level of the open recommendations section, 0 for none
	draftBlock  bool   // indented lines after "Revise clause 2.2 to read:" are drafted text
	introLine   string // the last line ending in ":", until a line follows it
}

// headingCtx returns the words and anchors of the current heading, read on
// first need.
func (r *docReader) headingCtx() ([]int32, []string) {
	if !r.headRead {
		r.headRead = true
		r.heading = r.d.wordIDs(nil, r.text[r.headSpan.Start:r.headSpan.End], false)
		r.headAnchors = r.d.textAnchors(r.headSpan.Start, r.headSpan.End)
	}
	return r.heading, r.headAnchors
}

// titleCtx returns the words of the current block's lead-in, read on
// first need.
func (r *docReader) titleCtx() []int32 {
	if !r.titleRead {
		r.titleRead = true
		r.title = r.d.wordIDs(nil, r.text[r.titleSpan.Start:r.titleSpan.End], false)
	}
	return r.title
}

// line reads one line: fences and blank lines change the state; a table
// row, a heading and a text line are read for their values.
func (r *docReader) line(l doctext.Line) {
	raw := r.text[l.Start:l.End]
	s := strings.TrimSpace(raw)
	if strings.HasPrefix(s, "```") || strings.HasPrefix(s, "~~~") {
		r.inFence = !r.inFence
		return
	}
	if r.inFence {
		return
	}
	if s == "" {
		r.block++
		r.inTable, r.header, r.title, r.titleRead, r.topicOK = false, nil, nil, true, false
		return
	}
	r.d.line, r.d.spansDone = l, false
	indented := strings.HasPrefix(raw, "    ") || strings.HasPrefix(raw, "\t")
	proposed := r.proposes(raw, s, indented)
	if strings.HasPrefix(s, "|") {
		r.tableLine(l, s, proposed)
		return
	}
	r.inTable, r.header = false, nil
	list := 0
	if vListMarkerAt(raw) {
		if !r.inList {
			r.lists++
			r.inList = true
		}
		list = r.lists
	} else if !indented {
		r.inList = false
	}
	if lvl, off := doctext.HeadingLevel(raw); lvl > 0 {
		r.headingLine(l, raw, off, proposed)
		return
	}
	r.textLine(l, raw, s, indented, proposed, list)
}

// proposes reports whether the line proposes its values: it stands in a
// recommendations section, or is an indented line of drafted text after
// an introduction such as "Revise clause 2.2 to read:".
func (r *docReader) proposes(raw, s string, indented bool) bool {
	if !indented && !strings.HasPrefix(s, ">") {
		r.draftBlock = false
	}
	if indented && r.introLine != "" {
		r.draftBlock = doctext.IsDraftIntro(r.introLine)
		r.introLine = ""
	}
	if lvl := sectionLevel(raw); lvl > 0 {
		if r.recLevel > 0 && lvl <= r.recLevel {
			r.recLevel = 0
		}
		if vRecommendationTitle(s) {
			r.recLevel = lvl
		}
	}
	return r.recLevel > 0 || r.draftBlock && indented
}

// tableLine reads a table row: a header row gives its columns' tense, rate
// and currency; a body row is read for values.
func (r *docReader) tableLine(l doctext.Line, s string, proposed bool) {
	cells := vSplitCells(s)
	if valueTableRule(cells) {
		return
	}
	if !r.inTable {
		r.inTable = true
		r.tables++
		r.block++
		r.header, r.headerCols = nil, nil
		if vIsHeaderRow(r.text, l.End) {
			r.header = cells
			r.headerCols = make([]vColumn, len(cells))
			for i, c := range cells {
				r.headerCols[i] = vColumn{tense: vLabelTense(c), rate: vHeaderRate(c), cur: vHeaderCurrency(c)}
			}
			return
		}
	}
	if vMayHoldValue(s) || r.header != nil {
		h, ha := r.headingCtx()
		r.d.tableRow(l, s, cells, r.header, r.headerCols, r.tables, r.block, h, ha, proposed)
	}
}

// headingLine opens a section at a heading (off is where its text starts)
// and reads the heading's own values.
func (r *docReader) headingLine(l doctext.Line, raw string, off int, proposed bool) {
	r.block++
	r.d.headings = append(r.d.headings, l.Start)
	r.title, r.titleRead, r.topicOK = nil, true, false
	r.headSpan, r.headRead = doctext.Span{Start: l.Start + off, End: l.End}, false
	r.heading, r.headAnchors = nil, nil
	if a := r.d.ownLabel(raw[off:]); a != "" {
		r.lineAnchor = a
	} else {
		r.lineAnchor = ""
	}
	if vMayHoldValue(raw[off:]) {
		h, _ := r.headingCtx()
		r.d.sentence(l.Start+off, l.End, sentCtx{block: r.block, heading: true, topic: h, labelEnd: -1, proposed: proposed, row: -1, mayHold: true})
	}
}

// textLine reads a line of text: its own clause number, its lead-in, its
// sentences' values, and whether it introduces drafted text or a
// breakdown of the amount before it.
func (r *docReader) textLine(l doctext.Line, raw, s string, indented, proposed bool, list int) {
	text, d := r.text, r.d
	// A labelled line: "- Platform fee: $16,500", "**Severity:** High",
	// "New amount: $97.35". The label names what the values are.
	body := l.Start + (len(raw) - len(strings.TrimLeft(raw, " \t")))
	body = vSkipListMarker(text, body, l.End)
	if a := d.ownLabel(text[body:l.End]); a != "" {
		r.lineAnchor = a
	} else if !strings.HasPrefix(raw, " ") && !strings.HasPrefix(raw, "\t") && !vListMarkerAt(raw) {
		r.lineAnchor = ""
	}
	leadEnd := -1 // where a plain lead-in ends: its references anchor the item's sentences
	if te, ok := vBoldLead(text, body, l.End); ok {
		r.titleSpan, r.titleRead, r.topicOK = doctext.Span{Start: body, End: te}, false, false
	} else if vListMarkerAt(raw) { // only a list item has a plain lead-in: the cheap test first
		if te, ok := vPlainLead(text, body, l.End); ok {
			r.titleSpan, r.titleRead, r.topicOK, leadEnd = doctext.Span{Start: body, End: te}, false, false, te
		}
	}
	if vMayHoldValue(text[body:l.End]) {
		r.lineSentences(l, body, leadEnd, proposed, list)
	}
	if !indented {
		// An introduction ("Revise clause 2.2 to read:") is judged only
		// when an indented line follows it.
		if t := strings.TrimRight(s, "*_ \t"); strings.HasSuffix(t, ":") {
			r.introLine = strings.TrimSuffix(t, ":")
		} else {
			r.introLine = ""
		}
	}
	// "I've refunded CAD 1,189.60. This is made up of:": the amount is
	// the total of the list that follows.
	if strings.HasSuffix(strings.TrimRight(s, "*_ \t"), ":") && vBreakdownIntro(s) && len(d.ms) > 0 {
		if m := &d.ms[len(d.ms)-1]; d.sents[m.sent].block == r.block && (strings.HasPrefix(m.class, "money:") || vIsDuration(m.class)) {
			m.flags |= fTotal | fBelow
		}
	}
}

// lineSentences reads the sentences of a text line from body (after its
// list marker) for values, with its label, heading, lead-in (ending at
// leadEnd, -1 for none) and clause as their context.
func (r *docReader) lineSentences(l doctext.Line, body, leadEnd int, proposed bool, list int) {
	text, d := r.text, r.d
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
	h, ha := r.headingCtx()
	if !r.topicOK {
		r.topic, r.topicOK = append(append([]int32(nil), h...), r.titleCtx()...), true
	}
	topic := r.topic
	var anchors []string
	ownClause := ""
	if r.lineAnchor != "" {
		if len(r.lineAnchors) == 0 || r.lineAnchors[0] != r.lineAnchor {
			r.lineAnchors = []string{r.lineAnchor} // read only: shared by the lines it heads
		}
		anchors = r.lineAnchors
		if strings.HasPrefix(r.lineAnchor, "ref:") {
			ownClause = r.lineAnchor
		}
	}
	var lead []int32
	if leadEnd > body {
		// "Non-compete (clause 8) - High.": the lead-in's clause is the
		// clause of the sentences after it.
		anchors = append(append([]string(nil), anchors...), d.textAnchors(body, leadEnd)...)
		lead = d.wordIDs(nil, text[body:leadEnd], false)
	}
	for from := body; from < l.End; {
		end := valueSentenceEnd(text, from, l.End)
		sl := lead
		if from < leadEnd {
			sl = nil // the lead-in itself
		}
		d.sentence(from, end, sentCtx{block: r.block, lead: sl, label: label, labelEnd: labelEnd, labelDef: labelDef, labelTense: labelTenseV, topic: topic, anchors: anchors, ownClause: ownClause, inherited: ha, proposed: proposed, list: list, row: -1, total: total,
			mayHold: from == checked && end == l.End})
		from = end
	}
}
