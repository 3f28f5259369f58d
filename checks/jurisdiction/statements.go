package jurisdiction

import (
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// statement is a sentence of the deliverable that says which law governs
// or which forum hears disputes, naming a jurisdiction.
type statement struct {
	m   mention
	use use
	w   window
}

// Words that make a sentence something other than a statement of what the
// agreement says: a proposal, a condition, a negation, a question's words,
// an earlier or alternative state.
var notAssertion = set("should", "would", "could", "might", "propose", "proposed", "proposes", "proposing", "proposal",
	"recommend", "recommended", "recommends", "recommendation", "suggest", "suggested", "suggests", "request", "requested",
	"ask", "asked", "asks", "seek", "sought", "negotiate", "negotiated", "negotiating", "prefer", "preferred", "prefers",
	"change", "changed", "changes", "changing", "amend", "amended", "amending", "replace", "replaced", "replacing",
	"switch", "switched", "move", "moved", "moving", "instead", "rather", "alternative", "alternatively", "if", "unless",
	"whether", "were", "not", "no", "never", "neither", "nor", "cannot", "can't", "isn't", "doesn't", "don't", "won't",
	"wasn't", "aren't", "consider", "considered", "option", "fallback", "counter", "originally", "previously",
	"formerly", "earlier", "prior", "old", "revert", "reverted", "wanted", "wants", "insist", "insisted", "expect",
	"expected", "assume", "assumed", "assuming", "unclear", "confirm", "check", "verify")

// Words that make a sentence a comparison of jurisdictions.
var comparison = set("unlike", "whereas", "compare", "compared", "comparison", "comparing", "contrast", "versus", "vs",
	"differ", "differs", "different", "difference", "equivalent", "similar", "similarly", "while", "whilst", "respectively")

// Words of an agreement or its disputes: a governing-law statement is
// about one of them ("the agreement is governed by", "disputes go to").
var agreementWords = set("agreement", "agreements", "contract", "contracts", "terms", "licence", "license", "lease",
	"nda", "msa", "dpa", "sow", "order", "amendment", "deed", "addendum", "schedule", "it", "this", "disputes", "dispute",
	"claims", "claim", "clause", "section", "article", "provision", "deal", "document", "instrument", "policy")

// statements returns the deliverable's statements of a governing law or a
// forum: a mention used as law in a sentence about the governing law of
// an agreement, or as a forum in a sentence about disputes, outside
// quotations and code, in a sentence that asserts (no proposal,
// condition, negation or question), compares nothing, and is not a
// redline's drafted text.
func (t *table) statements(r *reader, excluded []doctext.Span, redline bool) []statement {
	text := r.text
	var out []statement
	for _, m := range r.having(roleName | roleAdj | roleCourt | roleCity) {
		if doctext.InSpans(excluded, m.start, m.end) {
			continue
		}
		w := r.windowOf(m)
		u, cued := useCued(m, w)
		// A deliverable's statement needs a cue ("English law", "the
		// courts of England"): a bare name in a sentence about the law
		// ("shoppers in the UK ... whatever law governs") states nothing.
		// "a New York-law contract" states its law by the compound alone.
		compound := u == useLaw && (strings.HasPrefix(text[m.end:], "-law") || strings.HasPrefix(text[m.end:], "-governed"))
		if !cued || !anchored(w, u) && !compound || u == useLaw && !aboutAgreement(w) {
			continue
		}
		if negated(w) || anyIn(w.all, comparison) || strings.HasSuffix(strings.TrimSpace(text[w.start:min(len(text), w.end+1)]), "?") {
			continue
		}
		if drafted(text, w.start, redline) {
			continue
		}
		out = append(out, statement{m: m, use: u, w: w})
	}
	return out
}

// negated reports whether the statement around a mention is proposed,
// conditional or negated: its sentence, up to a consequence clause after
// the mention, holds a word of notAssertion. "No change" ("which is good
// for us and needs no change") and "without change" assert the text as it
// stands; their two words count for nothing.
func negated(w window) bool {
	words := assertingClause(w)
	for i, x := range words {
		if !notAssertion[x] {
			continue
		}
		noChange := x == "no" && i+1 < len(words) && (words[i+1] == "change" || words[i+1] == "changes") ||
			(x == "change" || x == "changes") && i > 0 && (words[i-1] == "no" || words[i-1] == "without")
		if !noChange {
			return true
		}
	}
	return false
}

// consequence opens a clause that draws a consequence from what comes
// before it ("…, so the drafting points below assume …"): its words do
// not qualify the statement before it.
var consequence = set("so", "therefore", "thus", "hence", "meaning")

// assertingClause returns the words of w's sentence up to a consequence
// clause after the mention.
func assertingClause(w window) []string {
	for i, x := range w.after {
		if consequence[x] {
			return w.all[:len(w.all)-len(w.after)+i]
		}
	}
	return w.all
}

// aboutAgreement reports whether the sentence names an agreement, its
// disputes, or the governing law as such ("Governing law: England").
func aboutAgreement(w window) bool {
	return anyIn(w.all, agreementWords) || anyIn(w.all, governWords) || hasPhrase(w.all, "governing", "law") || hasPhrase(w.all, "choice", "of", "law") ||
		hasPhrase(w.all, "applicable", "law") || hasPhrase(w.all, "proper", "law")
}

// governWords say what law governs whatever is governed: "The Rules of
// Engagement are governed by …", "the engagement is governed by Texas
// law" name no agreement word, yet state a governing law.
var governWords = set("governed", "governs")

// drafted reports whether the line holding off is drafted or marked-up
// text rather than a statement: a line with redline markup ("~~", "++",
// "<ins>"), a table row under a proposed-text column, and in a redline a
// line that starts with a clause number (the clause as it is proposed).
func drafted(text string, off int, redline bool) bool {
	ls, le := lineAt(text, off)
	line := text[ls:le]
	if strings.Contains(line, "~~") || strings.Contains(line, "++") || strings.Contains(line, "<ins") || strings.Contains(line, "<del") {
		return true
	}
	s := strings.TrimLeft(line, " \t>*_-")
	if strings.HasPrefix(s, "|") {
		return proposalTable(text, ls)
	}
	return redline && len(s) > 0 && s[0] >= '0' && s[0] <= '9'
}

// lineAt returns the bounds of the line holding off.
func lineAt(text string, off int) (int, int) {
	s := strings.LastIndexByte(text[:off], '\n') + 1
	e := strings.IndexByte(text[off:], '\n')
	if e < 0 {
		return s, len(text)
	}
	return s, off + e
}

// maxTableWalk bounds how far up a table proposalTable looks for its
// header.
const maxTableWalk = 200

// proposalTable reports whether the table row starting at ls belongs to a
// table whose header names a proposed, new or revised text column.
func proposalTable(text string, ls int) bool {
	header := ls
	for k := 0; k < maxTableWalk && header > 0; k++ {
		ps, _ := lineAt(text, header-1)
		if !strings.HasPrefix(strings.TrimSpace(text[ps:header]), "|") {
			break
		}
		header = ps
	}
	_, he := lineAt(text, header)
	h := strings.ToLower(text[header:he])
	for _, w := range [...]string{"propos", "new ", "new|", "revised", "suggest", "amend", "redline", "counter", "replacement", "draft", "fallback", "ask"} {
		if strings.Contains(h, w) {
			return true
		}
	}
	return false
}
