package checks

import (
	"regexp"
	"strings"
)

// A review's references resolve against what the task holds: the source
// under review and every other evidence item (a memo on a counterparty's
// comments table cites the contract the table comments on, which the task
// carries as evidence). Sources number their clauses in more ways than a
// deliverable's headings: "7. Within fourteen days ..." is clause 7.

// docSeparator is the line sourceText puts between two documents; a source
// outline restarts its scope there.
const docSeparator = "\x00"

// plainNumRe matches a single-level numbered paragraph of a source: "7.
// Within", "12) Amendments".
var plainNumRe = regexp.MustCompile(`^(\d{1,3})[.)][ \t]+[\pL("“*]`)

// sourceText returns the text a deliverable's references resolve against:
// the source followed by every evidence item that is not the source, one
// docSeparator line between each. It is empty when the document has
// neither.
func sourceText(doc Document) string {
	parts := make([]string, 0, 1+len(doc.Evidence))
	if strings.TrimSpace(doc.Source) != "" {
		parts = append(parts, doc.Source)
	}
	for _, e := range doc.Evidence {
		if strings.TrimSpace(e.Content) != "" && e.Content != doc.Source {
			parts = append(parts, e.Content)
		}
	}
	return strings.Join(parts, "\n"+docSeparator+"\n")
}

// sourceOutline returns the outline of sourceText(doc) and that text; nil
// and "" when there is none.
func sourceOutline(doc Document) (*xrefOutline, string) {
	st := sourceText(doc)
	if st == "" {
		return nil, ""
	}
	idx := NewLineIndex(st)
	return buildOutlineOf(st, &idx, outlineSources), st
}

// numNoun reports whether a reference noun (refNoun form) names a numbered
// clause rather than an attachment.
func numNoun(noun string) bool {
	switch noun {
	case "section", "clause", "article", "paragraph", "§":
		return true
	}
	return false
}

// namesNumbered reports whether a source's vocabulary (refVocabulary)
// names its numbered clauses with any keyword. A source that never does
// ("7. Within fourteen days ...") leaves a review free to call them
// clauses or sections.
func namesNumbered(vocab map[string]bool) bool {
	return vocab["section"] || vocab["clause"] || vocab["article"] || vocab["paragraph"] || vocab["§"]
}

// dominantNumNoun returns the numbered-clause noun (refNoun form) text uses
// most often before a number ("clause" in "clauses 3 to 6 ... clause 12"),
// or "" when it uses none; ties go to the first used.
func dominantNumNoun(text string) string {
	counts := map[string]int{}
	best := ""
	forEachRefNoun(text, func(n string) {
		if !numNoun(n) {
			return
		}
		counts[n]++
		if best == "" || counts[n] > counts[best] {
			best = n
		}
	})
	return best
}

// refNouns are the reference keywords forEachRefNoun reports, lower case.
var refNouns = map[string]bool{
	"section": true, "sections": true, "clause": true, "clauses": true, "article": true, "articles": true,
	"paragraph": true, "paragraphs": true, "exhibit": true, "exhibits": true, "schedule": true, "schedules": true,
	"annex": true, "annexes": true, "appendix": true, "appendices": true,
}

// forEachRefNoun calls fn with the refNoun form of every reference keyword
// of text followed by blanks and a digit or capital letter ("Clause 7",
// "schedules A"), found by a word scan: a case-insensitive regexp pass over
// a long source costs ten times more.
func forEachRefNoun(text string, fn func(noun string)) {
	var buf []byte
	for i := 0; i < len(text); {
		c := text[i] | 0x20
		if c < 'a' || c > 'z' || i > 0 && isWordByte(text[i-1]) {
			i++
			continue
		}
		j := i
		for j < len(text) && j-i <= 10 && (text[j]|0x20 >= 'a' && text[j]|0x20 <= 'z') {
			j++
		}
		if n := j - i; n >= 5 && n <= 10 && (j == len(text) || !isWordByte(text[j])) {
			buf = lowerInto(buf, text[i:j])
			if refNouns[string(buf)] {
				k := j
				for k < len(text) && (text[k] == ' ' || text[k] == '\t') {
					k++
				}
				if k > j && k < len(text) && (text[k] >= '0' && text[k] <= '9' || text[k] >= 'A' && text[k] <= 'Z') {
					fn(refNoun(string(buf)))
				}
			}
		}
		for j < len(text) && isWordByte(text[j]) {
			j++
		}
		i = max(j, i+1)
	}
}
