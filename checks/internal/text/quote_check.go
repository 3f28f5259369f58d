package text

import (
	"regexp"
	"strings"
)

// markerReach is how far before a quotation a replacement marker may start.
const markerReach = 160

// maxRowReach is how far before a quotation its table row may start.
const maxRowReach = 4096

// DraftKind says whether a quotation is drafted replacement text.
type DraftKind int

// The verdicts of IntroducesDraft: a quotation (NotDraft), drafted
// replacement text (IsDraft), or a block-quote line that continues the
// block quote above it and so shares its verdict (ContinuesQuote).
const (
	NotDraft       DraftKind = iota
	IsDraft                  // introduced by a replacement marker
	ContinuesQuote           // a block-quote line right below another: same verdict as that one
)

// IntroducesDraft reports whether the quotation starting at start is drafted
// replacement text rather than a quotation: a "Replacement text:" style
// marker (the one the recommendation checks recognise) precedes it on its
// line, or, for a "> " block quote, ends the nearest non-blank line above.
// A block-quote line whose nearest non-blank line above is another
// block-quote line continues that quote.
func IntroducesDraft(text string, start int) DraftKind {
	rowFrom := max(0, start-maxRowReach)
	return introducesDraft(text, start, rowFrom+strings.LastIndexByte(text[rowFrom:start], '\n'))
}

// introducesDraft is IntroducesDraft given nl, the offset of the last line
// break before start (-1 for none), or any offset from maxRowReach before
// start back to it (a tracker of quotations in document order finds it
// in one pass over the text: looking back 4 KB for each quotation of a
// long line made the check quadratic).
func introducesDraft(text string, start, nl int) DraftKind {
	// Look back at most markerReach bytes: a marker stands right before
	// its quotation, and an unbounded look-back on a long line would make
	// the check quadratic.
	from := max(0, start-markerReach)
	lineStart := max(nl+1, from)
	prefix := text[lineStart:start]
	if strings.IndexByte(prefix, '<') >= 0 {
		prefix = dropTags(prefix) // "<li><b>Proposed:</b> "…"": the label without its markup
	}
	if c := strings.LastIndexByte(prefix, ':'); c >= 0 && strings.Trim(prefix[c+1:], " \t*_") == "" {
		if IsDraftIntro(prefix[:c]) {
			return IsDraft // the cheap ':' test spares the regexps most quotations
		}
		if keyLabel(prefix[:c]) && draftIntroAbove(text, lineStart) {
			return IsDraft // "- **action:** replace cl. 7.3 with:" over "- **text:** "…""
		}
	}
	if LastWordIn(prefix, " \t:", ReplaceWithLast) && holdsQuoteMark(prefix) && ReplaceWithRe.MatchString(prefix) ||
		LastWordIn(prefix, " \t:", SubstituteLast) && SubstituteRe.MatchString(prefix) {
		return IsDraft // replace "old" with "new": the second quotation is new text
	}
	if endsWithLabel(prefix) && addToRe.MatchString(prefix) {
		return IsDraft // add to clause 7.2 "…": text the clause is to gain
	}
	if draftVerbBefore(prefix) {
		return IsDraft // propose "3.1 The prices …", print "Return by 9.30am …" on the docket
	}
	if draftColumn(text, max(nl+1, start-maxRowReach, 0), start) { // a table row's cells run long: its start is further back
		return IsDraft // a table's "Proposed" column
	}
	if lineStart == from && from > 0 || strings.TrimSpace(prefix) != "" || start >= len(text) {
		return NotDraft
	}
	block := text[start] == '>'

	for end := lineStart - 1; end > 0; {
		ls := strings.LastIndexByte(text[:end], '\n') + 1
		line := strings.TrimSpace(text[ls:end])
		switch {
		case strings.HasPrefix(line, ">") && block:
			return ContinuesQuote
		case line != "":
			if line = strings.TrimRight(line, "*_ \t"); strings.HasSuffix(line, ":") && IsDraftIntro(strings.TrimRight(line, ":")) || draftHeading(line) {
				return IsDraft
			}
			return NotDraft
		}
		end = ls - 1 // a blank line
	}
	return NotDraft
}

// maxTagLen bounds an HTML tag dropTags removes: a short element name
// and no attributes to speak of.
const maxTagLen = 16

// dropTags returns s without its short HTML tags of list items and
// emphasis ("<li>", "<b>", "</strong>"); any other '<' stays.
func dropTags(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] == '<' {
			if end := strings.IndexByte(s[i:min(len(s), i+maxTagLen)], '>'); end > 0 {
				name := strings.TrimPrefix(strings.ToLower(s[i+1:i+end]), "/")
				if inlineTags[name] || name == "li" || name == "td" || name == "th" || name == "dt" || name == "dd" {
					i += end + 1
					continue
				}
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// holdsQuoteMark reports whether s holds '"' or '”', which a match of
// ReplaceWithRe holds (the old text's closing mark): without one the
// expression, unanchored over the whole prefix, cannot match
// (FuzzPrefilters).
func holdsQuoteMark(s string) bool {
	return strings.IndexByte(s, '"') >= 0 || strings.Contains(s, "”")
}

// keyLabel reports whether s (a line's text before a colon) is a short
// key of an outline: a list mark or emphasis, then one or two words
// ("- **text", "wording").
func keyLabel(s string) bool {
	n := len(strings.Fields(strings.Trim(s, " \t*_-")))
	return n >= 1 && n <= 2
}

// draftIntroAbove reports whether the nearest non-blank line above the
// line at ls ends in a drafting intro ("replace cl. 7.3 with:").
func draftIntroAbove(text string, ls int) bool {
	for end := ls - 1; end > 0; {
		s := strings.LastIndexByte(text[:end], '\n') + 1
		line := strings.TrimRight(strings.TrimSpace(text[s:end]), "*_ \t")
		if line != "" {
			return strings.HasSuffix(line, ":") && IsDraftIntro(strings.TrimRight(line, ":"))
		}
		end = s - 1
	}
	return false
}

// ReplaceWithRe matches the text before the second quotation of a
// replacement: `Replace "15 business days" with `, `change "X" to `.
var ReplaceWithRe = regexp.MustCompile(`(?i)\b(?:replac|chang|substitut|amend|revis|swap|updat|turn|convert)\w*\b.*["”][ \t]*(?:with|to|by|for|into)[ \t]*:?[ \t]*$`)

var (
	// CommentLineRe matches a block-quote line that is a labelled note:
	// "**Comment [PC1]:**", "Note:", "Rationale:".
	CommentLineRe = regexp.MustCompile(`(?i)^(?:\*\*|__)?(?:comment|note|rationale|reason|explanation|drafting note|negotiation note|our comment|reviewer comment)s?\b[^:\n]{0,20}:`)
	// DeletedRe finds struck text in a redline: "[deleted: ...]",
	// "~~...~~", "<del>...</del>", "{--...--}".
	DeletedRe = regexp.MustCompile(`(?i)\[(?:deleted|delete|struck|strike|removed)[ \t]*:[ \t]*([^\]\n]{1,600})\]|~~([^~\n]{1,600})~~|<del>([^<\n]{1,600})</del>|\{--([^\n]{1,600}?)--\}`)
	// InsertedRe finds inserted text in a redline, which the source lacks.
	InsertedRe = regexp.MustCompile(`(?i)\[(?:inserted|insert|added|add|new(?:[ \t]+text)?)[ \t]*:[^\]\n]{0,600}\]|\*\*[^*\n]{1,600}\*\*|<ins>[^<\n]{0,600}</ins>|\{\+\+[^\n]{0,600}?\+\+\}|__[^_\n]{1,600}__`)
	// SourceAnchorRe matches what ties a short quotation to the source: a
	// clause or section number, or words that name the document.
	SourceAnchorRe = regexp.MustCompile(`(?i)\b(?:sections?|clauses?|cl\.|articles?|paragraphs?|schedules?|exhibits?|annex(?:es)?|appendix)[ \t]*[0-9A-Z]|§|\bthe[ \t]+(?:agreement|contract|draft|dpa|lease|policy|terms|addendum|licen[cs]e|nda|msa|sow|order form)\b|\b(?:currently|reads|provides|states|says|wording|drafted|defines|defined)\b`)
)

// SpaceBeforePunctRe matches a space left before punctuation where
// inserted text was dropped ("confidentiality ." for "confidentiality
// **to the Discloser**.").
var SpaceBeforePunctRe = regexp.MustCompile(` +([.,;:])`)

// SubstituteRe matches a drafting verb right before a quotation: `and
// substitute "..."`, `insert "..."`.
var SubstituteRe = regexp.MustCompile(`(?i)\b(?:substitute|insert|add|append|prepend)[ \t]*:?[ \t]*$`)

// addToRe matches a drafting verb and the clause it adds to, right
// before a quotation: `add to clause 7.2 "…"`, `insert in Section 4:`.
var addToRe = regexp.MustCompile(`(?i)\b(?:add|insert|include|append)[ \t]+(?:to|in|into|after|at[ \t]+the[ \t]+end[ \t]+of)[ \t]+(?:the[ \t]+)?(?:new[ \t]+)?(?:clause|section|article|paragraph|para\.|cl\.|§)[ \t]*[0-9][0-9A-Za-z.()]*[ \t]*:?[ \t]*$`)

// endsWithLabel reports whether s, blanks and a colon aside, ends with a
// label's last character (a digit, a letter or ')'): addToRe can match.
func endsWithLabel(s string) bool {
	s = strings.TrimRight(s, " \t:")
	if s == "" {
		return false
	}
	c := s[len(s)-1]
	return c >= '0' && c <= '9' || c == ')' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
}

// draftColumn reports whether the quotation at start stands in a table
// cell whose column heading introduces drafting ("Proposed", "Revised
// text", "Our wording"). lineStart is the start of its line.
func draftColumn(text string, lineStart, start int) bool {
	row := text[lineStart:start]
	if !strings.HasPrefix(strings.TrimSpace(row), "|") {
		return false
	}
	col := strings.Count(row, "|") - 1
	// A row labelled in its first cell ("| Proposed | "…" |"): the label
	// governs the cells after it.
	if cells := strings.Split(strings.Trim(strings.TrimSpace(row), "|"), "|"); col >= 1 && IsDraftIntro(strings.Trim(cells[0], " *_:\t")) && len(strings.Fields(cells[0])) <= 3 {
		return true
	}
	// Walk up to the header: the row above the "|---|" rule.
	end := lineStart - 1
	for k := 0; k < 200 && end > 0; k++ {
		ls := strings.LastIndexByte(text[:end], '\n') + 1
		l := strings.TrimSpace(text[ls:end])
		if !strings.HasPrefix(l, "|") {
			return false
		}
		if strings.Trim(l, "|-: \t") == "" && ls > 0 { // the rule: the header is above it
			hs := strings.LastIndexByte(text[:ls-1], '\n') + 1
			cells := strings.Split(strings.Trim(strings.TrimSpace(text[hs:ls-1]), "|"), "|")
			return col >= 0 && col < len(cells) && IsDraftIntro(cells[col])
		}
		end = ls - 1
	}
	return false
}

// draftVerbs are the verbs whose object, quoted right after them, is text
// the writer drafts: "propose "…"", "insert "…"", "should read "…"",
// "print "…" on the docket". "reads" and "says" introduce the source's
// own words and are not among them.
var draftVerbs = map[string]bool{"propose": true, "proposing": true, "suggest": true, "suggesting": true, "insert": true,
	"inserting": true, "add": true, "adding": true, "substitute": true, "read": true, "print": true, "write": true, "display": true}

// draftVerbBefore reports whether the text before a quotation on its line
// ends with a drafting verb (draftVerbs) and a blank, nothing between the
// verb and the quotation mark.
func draftVerbBefore(prefix string) bool {
	t := strings.TrimRight(prefix, " \t")
	if len(t) == len(prefix) {
		return false // "proposed"text": no blank, no verb and object
	}
	i := len(t)
	for i > 0 && (t[i-1] >= 'a' && t[i-1] <= 'z' || t[i-1] >= 'A' && t[i-1] <= 'Z') {
		i--
	}
	return i < len(t) && len(t)-i <= 12 && draftVerbs[strings.ToLower(t[i:])]
}

// maxDraftHeading bounds a heading line read as a drafting intro.
const maxDraftHeading = 80

// draftHeading reports whether line, the nearest non-blank line above a
// quotation that opens its own line, is a short heading that names the
// text below it as drafted ("NEW CLAUSE 5A (PROPOSED)", "Replacement
// wording"): no sentence ends on it, no label opens it ("Replacement
// text: see below"), and it reads as a drafting intro.
func draftHeading(line string) bool {
	line = strings.Trim(line, "#*_ \t")
	return line != "" && len(line) <= maxDraftHeading && !strings.HasSuffix(line, ".") && !strings.Contains(line, ":") && IsDraftIntro(line)
}
