package revision

import (
	"regexp"
	"strings"
	"unicode"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// bracketCiteRe matches a bracketed citation list ("[E1, E2]").
var bracketCiteRe = regexp.MustCompile(`\[([^\[\]\n]{1,120})\]`)

// The labels a text defines: numbered headings and lines, and attachment
// headings.
var (
	labelNumRe    = regexp.MustCompile(`(?m)^[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*)?(?:(?i:section|clause|article|paragraph)[ \t]+)?(\d{1,4}(?:\.\d{1,4})*)[.):]?[ \t]`)
	labelAttachRe = regexp.MustCompile(`(?m)^[ \t#*]*(?i:(exhibit|schedule|annex|appendix))[ \t]+([A-Z]{1,2}|\d{1,3})\b`)
)

// scanSectionRefs finds section and attachment references with the
// cross-reference check's grammar (refKeywords, refFirstNumRe, ...): one
// fact per id, keyed "num 3.2", "exhibit b".
func scanSectionRefs(text string, ws []doctext.Span) []fact {
	var out []fact
	var buf []byte
	emit := func(kwStart, kwEnd int, ns string) {
		window := text[kwEnd:min(len(text), kwEnd+240)]
		firstRe, nextRe := doctext.RefFirstNumRe, doctext.RefNextNumRe
		if ns != "num" {
			firstRe, nextRe = doctext.RefFirstAttachRe, doctext.RefNextAttachRe
		}
		m := firstRe.FindStringSubmatchIndex(window)
		if m == nil {
			return
		}
		add := func(s, e int) {
			out = append(out, fact{kind: FactReference, key: ns + " " + strings.ToLower(window[s:e]), start: kwStart, end: kwEnd + e})
		}
		add(m[2], m[3])
		pos := m[1]
		for {
			n := nextRe.FindStringSubmatchIndex(window[pos:])
			if n == nil {
				break
			}
			add(pos+n[2], pos+n[3])
			pos += n[1]
		}
	}
	for _, w := range ws {
		if w.End-w.Start < 5 || w.End-w.Start > 10 {
			continue
		}
		buf = doctext.LowerInto(buf, text[w.Start:w.End])
		if ns, ok := doctext.RefKeywords[string(buf)]; ok {
			emit(w.Start, w.End, ns)
		}
	}
	for i := 0; ; {
		k := strings.Index(text[i:], "§")
		if k < 0 {
			break
		}
		s := i + k
		e := s + len("§")
		if strings.HasPrefix(text[e:], "§") {
			e += len("§")
		}
		emit(s, e, "num")
		i = e
	}
	return out
}

// scanEvidenceRefs finds citations of evidence: the task's evidence IDs as
// whole words, and ID-shaped tokens that the task does not hold (inside
// square brackets, or with the letter prefix of the task's own IDs, such
// as "E9" when the task has E1 and E2). Keys are the IDs as written.
func scanEvidenceRefs(text string, ws []doctext.Span, o factsOptions) []fact {
	var out []fact
	seen := map[int]bool{}
	for _, w := range ws {
		tok := text[w.Start:w.End]
		if o.evidenceIDs[tok] && (idShaped(tok) || bracketed(text, w.Start, w.End)) {
			out = append(out, fact{kind: FactEvidenceRef, key: tok, start: w.Start, end: w.End})
			seen[w.Start] = true
			continue
		}
		if p, ok := idPrefix(tok); ok && o.idPrefixes[p] {
			out = append(out, fact{kind: FactEvidenceRef, key: tok, start: w.Start, end: w.End})
			seen[w.Start] = true
		}
	}
	// Whole-text IDs with punctuation ("doc-7", "policy.md#4") and bracketed
	// citations.
	for id := range o.evidenceIDs {
		if strings.IndexFunc(id, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' }) < 0 {
			continue // plain IDs were found as words
		}
		for i := 0; ; {
			k := strings.Index(text[i:], id)
			if k < 0 {
				break
			}
			s, e := i+k, i+k+len(id)
			if (s == 0 || !doctext.IsWordByte(text[s-1])) && (e == len(text) || !doctext.IsWordByte(text[e])) && !seen[s] {
				out = append(out, fact{kind: FactEvidenceRef, key: id, start: s, end: e})
				seen[s] = true
			}
			i = e
		}
	}
	for _, m := range bracketCiteRe.FindAllStringSubmatchIndex(text, -1) {
		if m[1] < len(text) && text[m[1]] == '(' {
			continue // a Markdown link's text
		}
		off := m[2]
		for _, part := range strings.FieldsFunc(text[m[2]:m[3]], func(r rune) bool { return r == ',' || r == ';' }) {
			tok := strings.TrimSpace(part)
			s := off + strings.Index(text[off:m[3]], tok)
			off = s + len(tok)
			if tok == "" || seen[s] || !citationShaped(tok) {
				continue
			}
			out = append(out, fact{kind: FactEvidenceRef, key: tok, start: s, end: s + len(tok)})
			seen[s] = true
		}
	}
	return out
}

// idPrefix returns the letter prefix of an ID shaped like letters, an
// optional '-' or '_', then digits ("E" of "E12", "doc-" of "doc-7").
func idPrefix(id string) (string, bool) {
	i := 0
	for i < len(id) && (id[i]|0x20 >= 'a' && id[i]|0x20 <= 'z') {
		i++
	}
	if i == 0 {
		return "", false
	}
	if i < len(id) && (id[i] == '-' || id[i] == '_') {
		i++
	}
	j := i
	for j < len(id) && id[j] >= '0' && id[j] <= '9' {
		j++
	}
	if j == i || j != len(id) {
		return "", false
	}
	return id[:i], true
}

// idShaped reports whether an evidence ID holds a digit or ID punctuation
// ("E2", "doc-7"); an ID that is a plain word ("policy", "crm") is a
// citation only where it is bracketed, since elsewhere it is prose.
func idShaped(id string) bool {
	return strings.IndexFunc(id, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0
}

// bracketed reports whether text[s:e] sits in a citation list: the nearest
// non-space bytes around it are brackets, parentheses, commas or
// semicolons ("[policy]", "(crm, E2)").
func bracketed(text string, s, e int) bool {
	i := s - 1
	for i >= 0 && (text[i] == ' ' || text[i] == '\t') {
		i--
	}
	j := e
	for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
		j++
	}
	return i >= 0 && strings.IndexByte("[(,;", text[i]) >= 0 && j < len(text) && strings.IndexByte("]),;", text[j]) >= 0
}

// citationShaped reports whether a bracketed token looks like an evidence
// ID: one word of letters, digits and ID punctuation, holding a digit
// ("E9", "doc-12", "ev_3"), not a placeholder ("[DATE]") or prose.
func citationShaped(tok string) bool {
	if len(tok) > 40 || strings.ContainsAny(tok, " \t") {
		return false
	}
	digit, letter := false, false
	for _, r := range tok {
		switch {
		case r >= '0' && r <= '9':
			digit = true
		case unicode.IsLetter(r):
			letter = true
		case strings.ContainsRune("-_.:#/", r):
		default:
			return false
		}
	}
	return digit && letter
}

// labelFacts returns the section and attachment labels text defines
// (headings and numbered lines), keyed like references.
func labelFacts(text string) []fact {
	var out []fact
	for _, m := range labelNumRe.FindAllStringSubmatchIndex(text, -1) {
		out = append(out, fact{kind: FactReference, key: "num " + text[m[2]:m[3]], start: m[2], end: m[3]})
	}
	for _, m := range labelAttachRe.FindAllStringSubmatchIndex(text, -1) {
		out = append(out, fact{kind: FactReference, key: strings.ToLower(text[m[2]:m[3]]) + " " + strings.ToLower(text[m[4]:m[5]]), start: m[2], end: m[5]})
	}
	return out
}
