package text

import (
	"regexp"
)

// A redline's clause numbers are the source's: each clause it sets out
// ("9.3 The limitations ...", "**A.4** ...", "| 12.3 | ...", "<ins>**C6.5**
// ...") is one the source has, or a new one numbered right after the
// source's last sibling (or after another new one). None is set out twice
// (unless labelled as the before and after of one clause), none is a
// clause the redline says it leaves
// unchanged ("We have no changes to clauses 7.1 and 7.4"), and none
// contradicts the heading that introduces it ("Clause 7.3 — proposed
// replacement" over "7.4 If ...").

// RedlineLabelRe matches a clause number at the start of a trimmed line,
// after block-quote, table, insertion and bold markup: "9.3 The", "**A.4**
// Kestrel", "| 12.3 |", "<ins>**C6.5** Consumers", "[inserted: **A.5** If".
var RedlineLabelRe = regexp.MustCompile(`^(?:>[ \t]*)?(?:\|[ \t]*)?(?:<ins>|\[(?i:inserted|insert|added|add|new(?:[ \t]+text)?)[ \t]*:[ \t]*|\{\+\+)?(?:\*\*|__)?(?:(?i:new)[ \t]+(?:(?i:clause|section|article)[ \t]+)?)?((?:[A-Z]{1,2}\d{0,2}\.)?\d{1,3}(?:\.\d{1,3})*)\.?(?:\*\*|__)?(?:[ \t]|$|\|)`)
