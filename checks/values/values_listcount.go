package values

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// maxAnnouncedCount is the largest count an introduction may announce for
// the list after it to be counted against it.
const maxAnnouncedCount = 20

// listCountConflicts reports an introduction that announces a number of
// things ("I'd want four changes before Northbay signs. In order of
// importance:") followed by a list of another length: the count and the
// list are one quantity stated two ways. Only an introduction that ends
// with a colon and names exactly one count of a plural noun is read; a
// count that selects from the list ("the first three", "two of the"), a
// count in a prepositional phrase ("for 12 seats") or an open-ended
// introduction ("including", "such as", "for example")
// is not.
func listCountConflicts(doc check.Document) []check.Finding {
	text := doc.Text
	var out []check.Finding
	var idx *doctext.LineIndex
	para := doctext.Span{Start: -1, End: -1} // the paragraph just read, if a list may follow it
	inFence := false
	for i := 0; i < len(text); {
		e := doctext.LineEndAt(text, i)
		raw := text[i:e]
		s := strings.TrimSpace(raw)
		next := e + 1
		switch {
		case strings.HasPrefix(s, "```") || strings.HasPrefix(s, "~~~"):
			inFence = !inFence
			para = doctext.Span{Start: -1, End: -1}
		case inFence:
		case s == "":
		case vListMarkerAt(raw) && len(raw)-len(strings.TrimLeft(raw, " ")) <= 1:
			if para.Start >= 0 {
				items, end := countListItems(text, i)
				if f, ok := announcedCount(text, para, items); ok {
					if idx == nil {
						idx = doctext.AnalysisOf(doc).LineIndex()
					}
					f.Location = idx.Locate(f.Location.Start, f.Location.End, text)
					out = append(out, f)
				}
				next = end
			}
			para = doctext.Span{Start: -1, End: -1}
		default:
			if lvl, _ := doctext.HeadingLevel(raw); lvl > 0 || strings.HasPrefix(s, "|") || strings.HasPrefix(s, ">") || raw != strings.TrimLeft(raw, " \t") {
				para = doctext.Span{Start: -1, End: -1}
				break
			}
			if para.Start >= 0 && para.End+1 == i {
				para.End = e // the paragraph goes on
			} else {
				para = doctext.Span{Start: i, End: e}
			}
		}
		i = next
	}
	return out
}

// countListItems counts the top-level items of the list starting at the
// line at i: items with the first's indentation and marker kind, across
// blank lines and more deeply indented continuations. It returns the count
// and the offset after the list.
func countListItems(text string, i int) (int, int) {
	first := text[i:]
	if e := strings.IndexByte(first, '\n'); e >= 0 {
		first = first[:e]
	}
	indent := len(first) - len(strings.TrimLeft(first, " "))
	ordered := first[indent] >= '0' && first[indent] <= '9'
	n := 0
	for i < len(text) {
		e := doctext.LineEndAt(text, i)
		raw := text[i:e]
		s := strings.TrimLeft(raw, " ")
		in := len(raw) - len(s)
		switch {
		case strings.TrimSpace(raw) == "":
		case in > indent || strings.HasPrefix(raw, "\t"):
			// a continuation or a nested item
		case in == indent && vListMarkerAt(raw) && (s[0] >= '0' && s[0] <= '9') == ordered:
			n++
		default:
			return n, i
		}
		i = e + 1
	}
	return n, len(text)
}

// announcedCount reads the introduction para: when it ends with a colon
// and names exactly one count of a plural noun that differs from items, it
// returns the finding (its Location holds only the offsets).
func announcedCount(text string, para doctext.Span, items int) (check.Finding, bool) {
	p := text[para.Start:para.End]
	if !strings.HasSuffix(strings.TrimRight(p, " *_\t"), ":") || items < 2 {
		return check.Finding{}, false
	}
	lower := strings.ToLower(p)
	for _, open := range []string{"including", "such as", "for example", "e.g.", "among", "for instance"} {
		if strings.Contains(lower, open) {
			return check.Finding{}, false
		}
	}
	var found []doctext.Span
	n := 0
	prev := ""
	for i := 0; i < len(p); {
		a, b := doctext.NextWord(p, i, len(p))
		if a >= len(p) {
			break
		}
		i = b
		w := strings.ToLower(p[a:b])
		v, ok := doctext.NumberWords[w]
		if !ok {
			if x, err := strconv.Atoi(w); err == nil && b-a <= 2 {
				v, ok = x, true
			}
		}
		// "the first three", "the other two" select from the list; "for 12
		// seats", "with 3 users" set a circumstance, not what is listed;
		// "as Section 5 provides" and "§ 2 Products and prices" name a
		// part by its number.
		selector := vSelectorOrPreposition[prev] || vRefWords[prev] || vLabelNoun[prev] || strings.HasSuffix(strings.TrimRight(p[:a], " \t"), "§")
		prev = w
		if !ok || v < 2 || v > maxAnnouncedCount || selector {
			continue
		}
		// The noun: the next word, or the one after an adjective.
		c, d := doctext.NextWord(p, b, len(p))
		if c >= len(p) || c-b > 1 {
			continue
		}
		if nw := strings.ToLower(p[c:d]); !vPluralCountNoun(nw) {
			c2, d2 := doctext.NextWord(p, d, len(p))
			if c2 >= len(p) || c2-d != 1 || nw == "of" || !vPluralCountNoun(strings.ToLower(p[c2:d2])) {
				continue
			}
			d = d2
		}
		found = append(found, doctext.Span{Start: para.Start + a, End: para.Start + d})
		n = v
	}
	if len(found) != 1 || n == items {
		return check.Finding{}, false
	}
	return check.Finding{Rule: RuleValueMismatch, Severity: check.SeverityWarn,
		Message: fmt.Sprintf("%s announced here, but the list that follows has %d items: state one number",
			text[found[0].Start:found[0].End], items),
		Location: check.Location{Start: found[0].Start, End: found[0].End}}, true
}

// vSelectorOrPreposition are the words before a count that make it
// something other than the number of things listed.
var vSelectorOrPreposition = map[string]bool{"first": true, "top": true, "last": true, "next": true, "other": true,
	"for": true, "with": true, "of": true, "by": true, "per": true, "from": true, "to": true, "in": true, "on": true,
	"at": true, "over": true, "under": true, "about": true, "within": true, "across": true, "between": true, "after": true, "before": true}

// vLabelNoun are the words besides vRefWords (the clause nouns) a number
// after which is a label, not a count: "Step 3 covers", "Part 2 lists".
var vLabelNoun = map[string]bool{"part": true, "item": true, "exhibit": true, "rule": true, "step": true,
	"phase": true, "stage": true, "level": true, "tier": true, "no": true, "number": true, "§": true, "chapter": true}

// vPluralCountNoun reports whether w is a plural noun things are counted
// by ("changes", "issues", "points"), not a unit of time or measure.
func vPluralCountNoun(w string) bool {
	if len(w) < 4 || w[len(w)-1] != 's' || strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "ous") {
		return false
	}
	switch w {
	case "days", "weeks", "months", "years", "hours", "minutes", "seconds", "times", "percent", "dollars", "euros", "pounds", "cents", "others", "parties", "pages", "words", "lines", "was", "has", "is", "this", "thus", "plus", "always", "perhaps", "unless", "towards", "across":
		return false
	}
	return true
}
