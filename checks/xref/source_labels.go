package xref

import (
	"regexp"
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// A block must rest on a label that exists nowhere. Sources number their
// clauses in more ways than an outline of headings reads: "3. Charges. 3.1
// You pay ... 3.2 We review ..." (sub-clauses inside a paragraph), "5.1 The
// Subcontractor ..." and "7A SITE CONDITIONS" (a number with no word before
// it), "§ 1 Subject" with "(1)", "(2)" paragraphs. srcLabelled reads the
// source by that wider grammar before a reference is called dangling.

// maxLabelScan bounds how many places srcLabelled looks at, so that its
// cost stays linear in the source whatever the reference.
const maxLabelScan = 4096

// maxSubReach is how far after a clause's label its "(2)" or "(a)" may
// stand to be that clause's sub-item.
const maxSubReach = 6000

// srcLabelled reports whether a compound id ("3.2", "7A.1", "1(2)",
// "9(a)"; a plain number is left to the outline, whose nouns tell a
// schedule's "paragraph 9" from the agreement's "clause 9") labels a
// clause of the source: the id at the start of a line (after list marks,
// emphasis, "§", "Clause", "Section" or "Article") or right after the end
// of a sentence, followed by a space or punctuation; an id with a
// parenthesised sub-item when its base is such a label and the sub-item
// opens a line or a sentence within the clause.
func srcLabelled(src, id, noun string, ownNumbers bool) bool {
	if src == "" || id == "" {
		return false
	}
	if !strings.ContainsAny(id, ".(ABCDEFGHIJKLMNOPQRSTUVWXYZ") && (ownNumbers || !clauseNouns[strings.ToLower(strings.TrimSuffix(noun, "s"))]) {
		// A plain number: when the deliverable numbers its own parts, or
		// the noun is not a clause's, the outline decides ("paragraph 9"
		// of a schedule is not the agreement's "clause 9").
		return false
	}
	id = strings.ReplaceAll(id, " (", "(")
	if strings.Contains(id, "(") && labelAt(src, id) >= 0 {
		return true // "4.2(b) After 12 months …": the whole id opens its line
	}
	base, sub, hasSub := strings.Cut(id, "(")
	at := labelAt(src, base)
	if at < 0 {
		return false
	}
	if !hasSub {
		return true
	}
	sub = "(" + sub
	for n := 0; at >= 0 && n < maxLabelScan; n++ {
		end := min(len(src), at+maxSubReach)
		if subLabel(src[at:end], sub) {
			return true
		}
		next := labelAt(src[at+1:], base)
		if next < 0 {
			break
		}
		at += 1 + next
	}
	return false
}

// clauseNouns name a contract's clauses, which a source numbers with or
// without the word: "clause 5" is the source's "5. Charges." line.
var clauseNouns = map[string]bool{"clause": true, "§": true, "cl.": true, "article": true}

// labelAt returns the offset of the first place id stands as a label in
// src, or -1.
func labelAt(src, id string) int {
	from := 0
	for n := 0; n < maxLabelScan; n++ {
		i := strings.Index(src[from:], id)
		if i < 0 {
			return -1
		}
		i += from
		from = i + len(id)
		if !labelEndsAt(src, from) {
			continue // "3.1" inside "3.12" or "13.1.2"
		}
		if opensLabel(src[:i], strings.Contains(id, ".")) && labelFollows(src[from:]) {
			return i
		}
	}
	return -1
}

// labelFollows reports whether what follows a candidate label is a
// clause's text: a title or sentence opening with a capital ("5.1 The
// Subcontractor", "7A SITE CONDITIONS", "3. Charges"), not a quantity ("14
// days").
func labelFollows(after string) bool {
	if strings.HasPrefix(after, "(") {
		// "4.2(a) Prices are fixed": a sub-item glued to its clause's number
		if k := strings.IndexByte(after[:min(len(after), 7)], ')'); k > 1 {
			after = after[k+1:]
		}
	}
	after = strings.TrimLeft(after, ".)")
	rest := strings.TrimLeft(after, " \t")
	if len(rest) == len(after) || rest == "" {
		return false
	}
	if t, ok := cutDash(rest); ok {
		rest = t // "§ 4 — HOW WE RUN THE GAMES": a title after a dash
	}
	if t := strings.TrimLeft(rest, "*_"); t != "" {
		rest = t // "4. **Fee changes.** The Licence Fee …": a title set in bold or italics
	}
	c := rest[0]
	return c >= 'A' && c <= 'Z' || c == '(' || c == '"'
}

// parentLabelsRe matches the labels of the parts a label sits in, set
// before it on its line: "Part B,", "Schedule 4, Part B,".
var parentLabelsRe = regexp.MustCompile(`^(?i:(?:schedule|part|annex|appendix|exhibit|chapter|article|section)[ \t]+[0-9A-Z]{1,4}[ \t]*[,–—-][ \t]*)+$`)

// opensLabel reports whether what precedes a candidate label makes it one:
// the start of a line (after marks and a clause noun) or, for an inline
// dotted label ("3.2") or a sub-item, the end of a sentence.
func opensLabel(before string, inline bool) bool {
	ls := strings.LastIndexByte(before, '\n') + 1
	lead := strings.TrimSpace(strings.Trim(before[ls:], " \t#*_|>-"))
	for _, noun := range []string{"§", "clause", "section", "article", "art.", "para.", "paragraph", "cl."} {
		if len(lead) >= len(noun) && strings.EqualFold(lead[len(lead)-len(noun):], noun) {
			lead = strings.TrimSpace(lead[:len(lead)-len(noun)])
			break
		}
	}
	if lead == "" || parentLabelsRe.MatchString(lead) {
		return true // "Part B, paragraph 2A. The rates …": under its parents' labels
	}
	if !inline {
		return false
	}
	t := strings.TrimRight(before, " \t")
	return len(t) < len(before) && (strings.HasSuffix(t, ".") || strings.HasSuffix(t, ":") || strings.HasSuffix(t, ";")) && !strings.HasSuffix(t, "..")
}

// subLabel reports whether sub ("(2)", "(a)") opens a line or a sentence
// in clause, before the next clause label at a line start.
func subLabel(clause, sub string) bool {
	from := 1
	for n := 0; n < maxLabelScan; n++ {
		i := strings.Index(clause[from:], sub)
		if i < 0 {
			return false
		}
		i += from
		from = i + len(sub)
		if opensLabel(clause[:i], true) {
			return true
		}
	}
	return false
}

// cutDash returns s after a leading dash and its blanks ("— HOW …").
func cutDash(s string) (string, bool) {
	for _, d := range []string{"—", "–", "-"} {
		if t, ok := strings.CutPrefix(s, d); ok && strings.HasPrefix(t, " ") {
			return strings.TrimLeft(t, " \t"), t != ""
		}
	}
	return s, false
}

// labelEndsAt reports whether a label found in text ends at end: no word
// byte follows it, nor a dot and a digit ("3.1" is not the start of "3.12"
// or "3.1.2").
func labelEndsAt(text string, end int) bool {
	return end >= len(text) || !doctext.IsWordByte(text[end]) && !(text[end] == '.' && end+1 < len(text) && text[end+1] >= '0' && text[end+1] <= '9')
}
