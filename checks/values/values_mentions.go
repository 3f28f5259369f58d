package values

import (
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
	fFloor                      // a lower bound ("at least", "minimum", "more than"): any value above it meets it
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
	cond       []int32  // word ids of the condition it opens with ("If you pay early, ..."), or nil
}

// valueDoc is a document read for values.
type valueDoc struct {
	text      string
	kind      evaluator.Kind
	drafts    docDrafts // the document's quotations and their draft verdicts, read by inDraft
	review    bool      // a memo or red-team report: its own numbering is not the source's (a redline's is)
	memo      bool      // a review memo or red-team report: it describes what is (old values) and proposes (new ones)
	plain     bool      // generic text (no kind): it may describe and propose
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
	names     []string          // id -> word, the inverse of ids (wordNames)
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
