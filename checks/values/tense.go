package values

import (
	"sort"
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// This file reads whether a value is the current, the old, the new or a
// proposed one, and whether its sentence is an example or a supposition.

// statedTense sets m's tense: from its label or column ("Current:",
// "Proposed:"), drafted or quoted text, a memo's proposals, or a value
// struck out elsewhere; tenseDefault when nothing says.
func (d *valueDoc) statedTense(m *mention, v rawValue, c sentCtx) {
	m.tense = c.labelTense
	if c.cellTense != tenseDefault {
		m.tense = c.cellTense
	}
	if m.tense == tenseProp && (d.memo || d.plain) {
		m.tense = tenseNew // a memo's proposals are its new values
	}
	if m.tense == tenseDefault && d.inDraft(v.start) {
		// Drafted text ("Replacement text: "..."", "The following is added
		// as a new Section 10.5: "..."") is the new value: a memo proposes
		// it, a redline's notes and an amending contract's own summary
		// describe it.
		m.tense = tenseNew
	}
	if m.tense == tenseDefault {
		m.tense = d.quoteTense(v.start)
	}
	if m.tense == tenseDefault && c.proposed && (d.memo || d.plain) {
		m.tense = tenseNew // drafted text and a memo's recommendations propose
	}
	if m.tense == tenseDefault && d.struck[m.val] {
		m.tense = tenseOld // the value struck out elsewhere: the old text under discussion
	}
}

// vChangeVerbs introduce the new value of a change: "increases ... to £45",
// "extends the term to 28 February 2029", "goes down to $97.35".
var vChangeVerbs = map[string]bool{
	"increase": true, "increases": true, "increased": true, "increasing": true, "reduce": true, "reduces": true, "reduced": true,
	"reducing": true, "raise": true, "raises": true, "raised": true, "lower": true, "lowers": true, "lowered": true,
	"extend": true, "extends": true, "extended": true, "shorten": true, "shortens": true, "shortened": true, "cut": true, "cuts": true,
	"change": true, "changes": true, "changed": true, "amend": true, "amends": true, "amended": true, "move": true, "moves": true,
	"moved": true, "rise": true, "rises": true, "rose": true, "fall": true, "falls": true, "fell": true, "drop": true, "drops": true,
	"dropped": true, "go": true, "goes": true, "going": true, "went": true, "adjust": true, "adjusted": true, "vary": true,
	"varies": true, "varied": true, "update": true, "updated": true, "revise": true, "revised": true, "bring": true, "brings": true,
	"brought": true, "becomes": true, "become": true, "became": true, "decrease": true, "decreases": true, "decreased": true,
	"lengthen": true, "lengthens": true, "lengthened": true, "upgrade": true, "downgrade": true,
}

// vProposalWords make a sentence state what should be rather than what is.
var vProposalWords = map[string]bool{
	"should": true, "propose": true, "proposes": true, "proposed": true, "proposal": true, "recommend": true,
	"recommends": true, "recommended": true, "recommendation": true, "suggest": true, "suggests": true, "suggested": true,
	"seek": true, "negotiate": true, "counter": true, "counterproposal": true, "fallback": true,
	"accept": true, "acceptable": true, "insist": true, "prefer": true, "preferred": true,
}

// vHypoWords make a sentence an example or a supposition.
var vHypoWords = map[string]bool{
	"would": true, "could": true, "might": true, "example": true, "instance": true, "suppose": true, "imagine": true,
	"hypothetical": true, "hypothetically": true, "illustration": true, "illustrative": true, "assume": true, "assuming": true,
	"e.g": true, "fallback": true, "alternatively": true, "alternative": true, "compromise": true,
}

// sentTense marks the values of the sentence just read (from index
// first) with the tense a change gives them, and the whole sentence as a
// proposal or an example.
func (d *valueDoc) sentTense(first int, c sentCtx) {
	toks := d.toks
	ms := d.ms[first:]
	hypoAt, proposalAt, oldAt := d.tenseMarkers()
	imperative := len(toks) > 0 && toks[0].kind == tWord && vImperativeVerbs[d.lowerTok(0)]
	if (d.memo || d.plain) && imperative {
		proposalAt = 0
	}
	if hypoAt >= 0 {
		// "For example, a £100 order ...", "so fewer seats would lower it":
		// the values after the marker, or right before a modal ("a 12-month
		// cap would be acceptable").
		for i := range ms {
			if k := d.tokenAt(ms[i].start); k > hypoAt || hypoAt-k <= 4 {
				ms[i].flags |= fHypo
			}
		}
	}
	for i := range ms {
		m := &ms[i]
		k := d.tokenAt(m.start)
		d.tenseBefore(m, k)
		// An arrow between two values: old -> new.
		if s := d.sym(k - 1); s == "→" || s == "⇒" || s == ">" && d.sym(k-2) == "-" {
			m.tense = tenseNew
			if i > 0 && ms[i-1].tense == tenseDefault {
				ms[i-1].tense = tenseOld
			}
		}
		if m.tense == tenseDefault && oldAt >= 0 {
			m.tense = tenseOld
		}
		// A proposal states its value after the proposing word ("we
		// propose 12 months") or right before it ("a 12-month cap would
		// be acceptable").
		if m.tense == tenseDefault && (d.memo || d.plain) && proposalAt >= 0 && (k > proposalAt || proposalAt-k <= 4) {
			m.tense = tenseNew
		}
		// "Amend Section 7.3 to require notice within 24 hours" in a
		// document that is itself the text: an instruction beside it,
		// compared only with other proposals.
		if m.tense == tenseDefault && imperative && !d.memo && !d.plain && c.row < 0 && d.tokIs(1, "section", "clause", "article", "paragraph", "schedule", "the", "this", "it", "its") {
			m.tense = tenseProp
		}
	}
}

// tenseMarkers returns the token indexes, in the sentence, of the first
// word making what follows an example or a supposition (hypoAt), of the
// first proposing word (proposalAt) and of a word saying the sentence
// describes the old text (oldAt); -1 for none.
func (d *valueDoc) tenseMarkers() (hypoAt, proposalAt, oldAt int) {
	toks := d.toks
	hypoAt, proposalAt, oldAt = -1, -1, -1
	for k := range toks {
		if toks[k].kind != tWord || toks[k].word > 0 && !d.words[toks[k].word-1].tense {
			continue // most words: nothing to look up
		}
		w := d.lowerTok(k)
		if vProposalWords[w] && proposalAt < 0 {
			proposalAt = k
		}
		// "Our analysis requires RTO 8 hours": what we need, not what the
		// source says ("Section 3 requires payment").
		if (w == "requires" || w == "require" || w == "need" || w == "needs" || w == "expect" || w == "expects" || w == "want" || w == "wants") && proposalAt < 0 {
			for b := k - 1; b >= 0 && b >= k-10; b-- {
				if d.tokIs(b, "we", "our", "us", "i", "my") {
					proposalAt = k
					break
				}
			}
		}
		// "I would ask for", "we would recommend": the writer's stance,
		// politely put, not a supposition about the values that follow.
		firstPerson := (w == "would" || w == "could" || w == "might") && d.tokIs(k-1, "i", "we")
		if (vHypoWords[w] && !firstPerson || w == "such" && d.tokIs(k+1, "as")) && hypoAt < 0 {
			hypoAt = k
		}
		// "As drafted", "currently", "originally": the sentence describes
		// the text before the change.
		if w == "currently" || w == "presently" || w == "originally" || w == "drafted" && d.tokIs(k-1, "as") || w == "stands" && d.tokIs(k-1, "it") {
			oldAt = k
		}
	}
	return hypoAt, proposalAt, oldAt
}

// tokenAt returns the index of the first token at or after offset start.
// Tokens are in text order: a binary search keeps a long sentence with
// many values from costing tokens × values.
func (d *valueDoc) tokenAt(start int) int {
	toks := d.toks
	return sort.Search(len(toks), func(k int) bool { return toks[k].start >= start })
}

// tenseBefore sets m's tense from the words just before its token k:
// "from £40", "previously 12 months", "now 24", "instead of".
func (d *valueDoc) tenseBefore(m *mention, k int) {
	toks := d.toks
	for b := k - 1; b >= 0 && b >= k-3; b-- {
		if toks[b].kind != tWord {
			continue
		}
		switch d.lowerTok(b) {
		case "was", "were":
			if m.tense == tenseDefault && d.nowAfter(k) {
				m.tense = tenseOld // "was 12 months, now 24"
			}
		case "from", "previously", "formerly", "currently", "existing", "old", "original", "originally", "replace", "replacing", "delete", "deleting", "strike":
			if m.tense == tenseDefault && !(d.lowerTok(b) == "from" && m.class == "daterange") {
				if d.lowerTok(b) == "from" && !d.fromTo(k, m) {
					continue
				}
				m.tense = tenseOld
			}
		case "now", "new", "revised", "amended", "substitute", "insert", "with":
			if m.tense == tenseDefault && (d.lowerTok(b) != "with" || d.replaceBefore(b)) {
				m.tense = tenseNew
			}
		case "to":
			if m.tense == tenseDefault && d.changeBefore(b) {
				m.tense = tenseNew
			}
		case "of", "than":
			if b == k-1 && d.tokIs(b-1, "instead", "rather", "place") {
				m.tense = tenseOld
			}
		}
	}
}

// fromTo reports whether the value at token k, after "from", is followed
// by "to" and another value: "from £40 to £45".
func (d *valueDoc) fromTo(k int, m *mention) bool {
	for j := k + 1; j < len(d.toks) && j < k+8; j++ {
		if d.tokIs(j, "to") {
			return true
		}
	}
	return false
}

// changeBefore reports whether a change verb stands before the "to" at
// token b (within the sentence, at most eight tokens back).
func (d *valueDoc) changeBefore(b int) bool {
	for j := b - 1; j >= 0 && j >= b-8; j-- {
		if d.toks[j].kind == tWord && vChangeVerbs[d.lowerTok(j)] {
			return true
		}
		if d.toks[j].kind == tNum {
			// "from £40 to": the "from" rule handles it; a value between
			// verb and "to" is the old one ("raise £40 to £45").
			continue
		}
	}
	return false
}

// replaceBefore reports whether "replace" stands before the "with" at b.
func (d *valueDoc) replaceBefore(b int) bool {
	for j := b - 1; j >= 0 && j >= b-8; j-- {
		if d.tokIs(j, "replace", "replaced", "replacing", "replaces") {
			return true
		}
	}
	return false
}

// vLabelTense returns the tense a label or column heading gives its values:
// "Current", "Existing", "Before" give the old value; "Proposed", "New",
// "Revised", "After" the new one.
func vLabelTense(label string) int8 {
	// Lower-cased as strings.ToLower would, on the stack for a short label.
	var buf [64]byte
	l := doctext.LowerInto(buf[:], strings.Trim(strings.TrimSpace(label), "*_: "))
	for _, p := range [...]string{"current", "existing", "old", "before", "was", "original", "previous", "source", "today"} {
		if vLabelIs(l, p, false) {
			return tenseOld
		}
	}
	// A label that instructs the change ("Change to:", "Replace with:",
	// "Should read:") introduces the proposed text, as "Proposed:" does.
	for _, p := range [...]string{"proposed", "suggested", "recommended", "counter", "our position", "replacement", "target", "fallback",
		"change to", "replace with", "amend to", "should read", "to read", "revise to", "redraft"} {
		if vLabelIs(l, p, true) {
			return tenseProp
		}
	}
	for _, p := range [...]string{"new", "revised", "after", "now", "amended"} {
		if vLabelIs(l, p, true) {
			return tenseNew
		}
	}
	return tenseDefault
}

// vLabelIs reports whether the label l is p or opens with p and a space
// (or, when dash, a hyphen): "current", "current fee", "new-build".
func vLabelIs(l []byte, p string, dash bool) bool {
	if len(l) < len(p) || string(l[:len(p)]) != p {
		return false
	}
	return len(l) == len(p) || l[len(p)] == ' ' || dash && l[len(p)] == '-'
}

// vImperativeVerbs open a memo's instruction to change the document:
// "Revise clause 11.3 to read", "Replace Section 4.1 with", "Cap
// liability at".
var vImperativeVerbs = map[string]bool{
	"revise": true, "replace": true, "amend": true, "add": true, "insert": true, "delete": true, "change": true,
	"increase": true, "reduce": true, "cap": true, "limit": true, "extend": true, "shorten": true, "require": true,
	"ask": true, "push": true, "make": true, "set": true, "include": true, "introduce": true, "remove": true,
	"strike": true, "substitute": true, "negotiate": true, "seek": true, "raise": true, "lower": true, "move": true,
	"define": true, "specify": true, "clarify": true, "agree": true, "obtain": true, "request": true, "propose": true,
	"counter": true, "offer": true, "accept": true, "reject": true, "split": true, "tie": true, "align": true,
}

// nowAfter reports whether "now" follows token k in the sentence.
func (d *valueDoc) nowAfter(k int) bool {
	for j := k + 1; j < len(d.toks); j++ {
		if d.tokIs(j, "now") {
			return true
		}
	}
	return false
}

// inDraft reports whether offset i lies in a quotation introduced as
// drafted text ("Revise clause 11.3 to read: "...""): the text proposes.
func (d *valueDoc) inDraft(i int) bool {
	d.lineSpans()
	for _, q := range d.quotes {
		if q.Start <= i && i < q.End {
			return d.drafts.isDraft(d.text, q.Start)
		}
	}
	return false
}

// quoteTense returns the tense the words before a quotation give the
// values in it: "Replace the words "..."" and "Delete "..."" quote the old
// text; "... with "..."", "substitute "..."" and "to read "..."" the new.
func (d *valueDoc) quoteTense(i int) int8 {
	d.lineSpans()
	for _, q := range d.quotes {
		if q.Start > i || i >= q.End {
			continue
		}
		before := strings.ToLower(d.text[max(d.line.Start, q.Start-24):q.Start])
		fields := strings.Fields(strings.Trim(before, " *_:"))
		for k := len(fields) - 1; k >= 0 && k >= len(fields)-3; k-- {
			switch strings.Trim(fields[k], "\"“”,:*_(") {
			case "replace", "delete", "strike", "remove", "instead":
				return tenseOld
			case "with", "substitute", "insert", "read", "by":
				return tenseNew
			}
		}
		return tenseDefault
	}
	return tenseDefault
}
