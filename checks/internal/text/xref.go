package text

import (
	"regexp"
	"strings"
)

// The label grammar's expressions, each anchored at the start of the text
// it is run on:
//   - HeadingRomanRe: an article numbered in Roman numerals ("Article IV");
//   - AttachHeadRe: an attachment keyword and its label, any case ("Exhibit
//     B", "Schedule 2-1"); AttachLineRe: the same in capitals ("EXHIBIT B");
//   - TableNumRe: a table row whose first cell is a number ("| 3.2 |");
//   - BoldNumRe: a bold numbered title ("**3. Payment**", "**4A. Returns**");
//   - SubItemRe: a parenthesised sub-item opening a line ("(a) ", "- (ii) ");
//   - RefFirstNumRe: the first label after a numbered keyword ("3.2",
//     "3.2(a)", "A1", "H.2", "IV"); RefFirstAttachRe: the first after an
//     attachment keyword ("B", "2", "2-1");
//   - RefNextNumRe and RefNextAttachRe: a further label of a list or range
//     (", 3.3", " and 4", " to 7", "–9"; ", C", " and D");
//   - RefOfRe: "of", "under", "in" or "to" after a reference, before the
//     part it points into; RefOfThisRe: "this"/"these" there (the text
//     itself); RefOfAttachRe: an attachment there ("of Schedule 2");
//     RefInstrumentRe: an external instrument there (a title ending in
//     "Agreement", "Act", "Regulations"..., or an acronym).
var (
	HeadingRomanRe = regexp.MustCompile(`^(?:\*\*)?(?i:article)[ \t]+([IVXLC]{1,7})\b`)
	AttachHeadRe   = regexp.MustCompile(`^(?:\*\*)?(?i:(exhibit|schedule|annex|appendix))[ \t]+([A-Z]{1,2}|\d{1,3})(?:-(\d{1,3}))?\b`)
	AttachLineRe   = regexp.MustCompile(`^(?:\*\*)?(EXHIBIT|SCHEDULE|ANNEX|APPENDIX)[ \t]+([A-Z]{1,2}|\d{1,3})(?:-(\d{1,3}))?\b`)
	// AttachTitleRe matches a line that opens an attachment: its title
	// alone ("Annex 1 - Service Credits", "Schedule 2", "Exhibit B:
	// Prices", "Annex B — Error categories."), or its label and a dash or
	// a colon before its first words on the same line ("Annex A — Rates.
	// B-1 Translation ...").
	AttachTitleRe = regexp.MustCompile(`^(?:\*\*)?(?i:exhibit|schedule|annex|appendix)[ \t]+(?:[A-Z]{1,2}|\d{1,3})(?:-\d{1,3})?(?:\*\*)?(?:[ \t]*$|[ \t]*[-–—:.][ \t]*[^.;\n]{0,70}\.?$|[ \t]*[-–—:][ \t]*\S)`)
	TableNumRe    = regexp.MustCompile(`^\|[ \t]*(?:\*\*)?(\d{1,4}(?:\.\d{1,4})*)\.?(?:\*\*)?[ \t]*\|`)
	// KeywordLineRe matches a line that opens with a keyword and its label
	// and then ends, breaks with a dash, colon or dot, or goes on with a
	// capitalised title or sentence: "Section 1.1 Scope.", "ARTICLE II -
	// FEES", "Clause 7: Notices", "Art. 4 Payments", "Article IV", "Article 1 (Quantity)" (a title in
	// brackets, alone on the line). A Roman number only counts
	// in upper case.
	KeywordLineRe = regexp.MustCompile(`^(?:\*\*)?((?i:section|clause|article|paragraph|art\.|sec\.|cl\.))[ \t]+([A-Z]\.\d{1,3}(?:\.\d{1,3})*|\d{1,3}(?:\.\d{1,3})*|[IVXLC]{1,7})(?:\.?(?:\*\*)?[ \t]*$|\.?(?:\*\*)?[ \t]*[-–—:][ \t]|\.?(?:\*\*)?[ \t]+(?:\*\*)?["“]?[A-Z]|[ \t]+\([A-Z][^()\n]{0,60}\)(?:\*\*)?[ \t]*$)`)
	BoldNumRe     = regexp.MustCompile(`^\*\*(\d{1,3}[A-Z]?)\.?[ \t]+[^*\n]{1,80}\*\*`)
	SubItemRe     = regexp.MustCompile(`^(?:[-*+][ \t]+)?\(([a-z]{1,2}|[ivxl]{1,5}|[0-9]{1,2})\)[ \t]`)

	RefFirstNumRe    = regexp.MustCompile(`^[ \t]*([A-Z]{1,2}\.?\d{1,3}(?:\.\d{1,4})*\b|\d{1,4}[A-Z]?(?:\.\d{1,4}[A-Z]?)*(?:\([a-z0-9]{1,4}\)|[ ]\((?:[a-z]|[ivx]{1,4}|[0-9]{1,2})\))*|[IVXLC]{1,7}\b)`)
	RefFirstAttachRe = regexp.MustCompile(`^[ \t]*((?:[A-Z]{1,2}|\d{1,3})(?:-\d{1,3})?)\b`)
	RefNextNumRe     = regexp.MustCompile(`^(?:[ \t]*,[ \t]*(?:and[ \t]+|or[ \t]+)?|[ \t]+(?:and|or|through|to)[ \t]+|[ \t]*[-–][ \t]*)(\d{1,4}(?:\.\d{1,4})*(?:\([a-z0-9]{1,4}\))*|\(\d{1,2}\))`)
	RefNextAttachRe  = regexp.MustCompile(`^(?:[ \t]*,[ \t]*(?:and[ \t]+|or[ \t]+)?|[ \t]+(?:and|or|through|to)[ \t]+)((?:[A-Z]{1,2}|\d{1,3})(?:-\d{1,3})?)\b`)
	RefOfRe          = regexp.MustCompile(`^,?[ \t]+(?:of|under|in|to)[ \t]+(?:the[ \t]+)?`)
	RefOfThisRe      = regexp.MustCompile(`^(?i:this|these)\b`)
	RefOfAttachRe    = regexp.MustCompile(`^(?i:(exhibit|schedule|annex|appendix))[ \t]+([A-Z]{1,2}|\d{1,3})(?:-(\d{1,3}))?\b`)
	RefInstrumentRe  = regexp.MustCompile(`^(?:(?:[A-Z][\w'’&.-]*|of|and|on|for)[ \t]+){0,8}(?:[\w'’&.-]+[ \t]+){0,3}(?:Agreement|Agreements|Act|Code|Regulations?|Directive|Convention|Contract|Lease|Plan|Policy|Rules|Statute|Treaty|Order|Deed|Charter|Bylaws|Terms|Constitution|Law)\b|^[A-Z]{2,}\b`)
)

// RefKeywords maps the lower-cased reference keywords to their namespace.
var RefKeywords = map[string]string{
	"section": "num", "sections": "num", "clause": "num", "clauses": "num",
	"article": "num", "articles": "num", "paragraph": "num", "paragraphs": "num",
	"exhibit": "exhibit", "exhibits": "exhibit", "schedule": "schedule", "schedules": "schedule",
	"annex": "annex", "annexes": "annex", "appendix": "appendix", "appendices": "appendix",
}

// RefAbbrevAt reports whether the word text[s:e] is a reference keyword
// abbreviated with a dot and followed by a number: "Art. 9.4", "cl. 6.4",
// "ART. 15". A review memo cites a civil-law or English contract's parts
// that way as often as by "Article" or "clause".
func RefAbbrevAt(text string, s, e int) bool {
	// The dot first: most words are not followed by one. Only ASCII folds
	// to a, r, t, c or l, so a keyword has its length in bytes.
	if e+2 >= len(text) || text[e] != '.' {
		return false
	}
	if w := text[s:e]; !(len(w) == 3 && strings.EqualFold(w, "art") || len(w) == 2 && strings.EqualFold(w, "cl")) {
		return false
	}
	j := e + 1
	for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
		j++
	}
	return j > e+1 && j < len(text) && text[j] >= '0' && text[j] <= '9'
}

// RefAbbrevNoun returns the refNoun form of an abbreviated keyword
// ("art" → "article", "cl" → "clause"), or "".
func RefAbbrevNoun(w string) string {
	switch {
	case strings.EqualFold(w, "art"):
		return "article"
	case strings.EqualFold(w, "cl"):
		return "clause"
	}
	return ""
}

// MatchIf runs re on s only when ok (a cheap pre-test passed).
func MatchIf(ok bool, re interface{ FindStringSubmatchIndex(string) []int }, s string) []int {
	if !ok {
		return nil
	}
	return re.FindStringSubmatchIndex(s)
}
