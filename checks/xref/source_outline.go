package xref

import (
	"regexp"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
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

// keywordNumRe matches a source paragraph that opens with its own label:
// "Paragraph 7. Enquiries", "Section 3 – Fees", "Part 2: Access".
var keywordNumRe = regexp.MustCompile(`^(?i:paragraph|section|clause|article|part)[ \t]+(\d{1,3}(?:\.\d{1,3})*)(?:[.:)–—-]|[ \t]+[-–—])`)

// sourceText returns the text a deliverable's references resolve against:
// the source followed by every evidence item that is not the source, one
// docSeparator line between each. It is empty when the document has
// neither.
func sourceText(doc check.Document) string {
	parts := make([]string, 0, 1+len(doc.Evidence))
	if strings.TrimSpace(doc.SourceText) != "" {
		parts = append(parts, doc.SourceText)
	}
	for _, e := range doc.Evidence {
		if strings.TrimSpace(e.Content) != "" && e.Content != doc.SourceText {
			parts = append(parts, e.Content)
		}
	}
	return strings.Join(parts, "\n"+docSeparator+"\n")
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

// refNounForms maps the reference keywords forEachRefNoun reports, lower
// case, to their refNoun form.
var refNounForms = map[string]string{
	"section": "section", "sections": "section", "clause": "clause", "clauses": "clause",
	"article": "article", "articles": "article", "paragraph": "paragraph", "paragraphs": "paragraph",
	"exhibit": "exhibit", "exhibits": "exhibit", "schedule": "schedule", "schedules": "schedule",
	"annex": "annex", "annexes": "annex", "appendix": "appendix", "appendices": "appendix",
}

// forEachRefNoun calls fn with the refNoun form of every reference keyword
// of text followed by blanks and a digit or capital letter ("Clause 7",
// "schedules A"), found by a word scan that looks a word up only when its
// length and first letter fit a keyword: a case-insensitive regexp pass
// over a long source costs ten times more.
func forEachRefNoun(text string, fn func(noun string)) {
	var buf [10]byte
	for i := 0; i < len(text); {
		c := text[i] | 0x20
		if c < 'a' || c > 'z' || i > 0 && doctext.IsWordByte(text[i-1]) {
			i++
			continue
		}
		j := i
		for j < len(text) && j-i <= 10 && (text[j]|0x20 >= 'a' && text[j]|0x20 <= 'z') {
			j++
		}
		if j-i <= 3 && doctext.RefAbbrevAt(text, i, j) {
			fn(doctext.RefAbbrevNoun(text[i:j])) // "Art. 3", "cl. 7"
			i = j + 1
			continue
		}
		if n := j - i; n >= 5 && n <= 10 && doctext.RefNounFirst[c] && (j == len(text) || !doctext.IsWordByte(text[j])) {
			if noun, ok := refNounForms[string(doctext.LowerASCII(buf[:], text[i:j]))]; ok {
				k := j
				for k < len(text) && (text[k] == ' ' || text[k] == '\t') {
					k++
				}
				if k > j && k < len(text) && (text[k] >= '0' && text[k] <= '9' || text[k] >= 'A' && text[k] <= 'Z') {
					fn(noun)
				}
			}
		}
		for j < len(text) && doctext.IsWordByte(text[j]) {
			j++
		}
		i = max(j, i+1)
	}
}

// sourceNameRe finds the name a source gives itself in its opening: a
// defined name in parentheses ("(the "MSA")", "("Agreement")").
var sourceNameRe = regexp.MustCompile(`\((?:the\s+|this\s+)?["“]([A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,4})["”]\)`)

// sourceNames returns the names a source goes by: its title (the first
// non-blank line, without Markdown), the title's initials ("MSA" for
// "MASTER SERVICES AGREEMENT") and the names it defines for itself in its
// first 2 KB ("(the "Agreement")").
func sourceNames(source string) []string {
	var out []string
	head := source[:min(len(source), 2048)]
	for _, line := range strings.SplitN(head, "\n", 8) {
		t := strings.Trim(strings.TrimSpace(line), "#*_ ")
		if t == "" {
			continue
		}
		if len(t) <= 80 {
			out = append(out, t)
			var ini []byte
			for _, w := range strings.Fields(t) {
				if c := w[0]; c >= 'A' && c <= 'Z' && !strings.EqualFold(w, "of") && !strings.EqualFold(w, "and") && !strings.EqualFold(w, "the") {
					ini = append(ini, c)
				}
			}
			if len(ini) >= 2 {
				out = append(out, string(ini))
			}
		}
		break
	}
	for _, m := range sourceNameRe.FindAllStringSubmatch(head, -1) {
		if m[1] != "Effective Date" {
			out = append(out, m[1])
		}
	}
	return out
}

// namesSource reports whether rest (the words after "of the") starts with
// one of names, case aside, as whole words.
func namesSource(rest string, names []string) bool {
	for _, n := range names {
		if len(rest) >= len(n) && strings.EqualFold(rest[:len(n)], n) && (len(rest) == len(n) || !doctext.IsWordByte(rest[len(n)])) {
			return true
		}
	}
	return false
}

// ofThisRe matches "of this deed", "under this Agreement" right after a
// reference.
var ofThisRe = regexp.MustCompile(`^,?[ \t]+(?:of|in|under)[ \t]+(?:this|these)\b`)

// ofThisDocument reports whether the reference ending at idEnd (past the
// rest of its list) is said to be of this document ("clauses 3 and 5 of
// this deed").
func ofThisDocument(text string, idEnd int) bool {
	after := text[idEnd:min(len(text), idEnd+80)]
	if m := refListTailRe.FindStringIndex(after); m != nil {
		after = after[m[1]:]
	}
	return ofThisRe.MatchString(after)
}

// hasTop reports whether the outline has a label under the top-level
// number of key ("|5" is there when "5.1" or "5(a)" is).
func (o *xrefOutline) hasTop(key string) bool {
	for k := range o.byKey {
		if strings.HasPrefix(k, key) && len(k) > len(key) && (k[len(key)] == '.' || k[len(key)] == '(') {
			return true
		}
	}
	return false
}

// letterNumStart reports whether s starts with a letter-prefixed clause
// number ("C6.1", "B12.3"): one or two capitals, then a digit.
func letterNumStart(s string) bool {
	i := 0
	for i < len(s) && i < 2 && s[i] >= 'A' && s[i] <= 'Z' {
		i++
	}
	return i > 0 && i < len(s) && s[i] >= '0' && s[i] <= '9'
}

// numbersScope reports whether the attachment scope numbers paragraphs of
// its own ("schedule 2|1.1").
func (o *xrefOutline) numbersScope(scope string) bool {
	p := scope + "|"
	for k := range o.byKey {
		if strings.HasPrefix(k, p) && len(k) > len(p) && k[len(p)] >= '0' && k[len(p)] <= '9' {
			return true
		}
	}
	return false
}
