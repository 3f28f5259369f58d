package tool

import (
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// labelAbbrev are the short forms a text names a subject noun by.
var labelAbbrev = map[string][]string{
	"clause": {"cl", "cls"}, "section": {"§", "s", "sec"}, "article": {"art"}, "paragraph": {"para", "¶"},
	"schedule": {"sch"}, "finding": {"f"}, "ticket": {"#"}, "order": {"#"},
}

// namesSubject reports whether ctx (lower-cased) names the record's
// subject: a subject field's value with its noun ("clause 2", "cl. 2",
// "§ 2"), or, when the value is distinctive ("F-3", "CVE-2024-1234",
// "INV-1001"), the value alone. A value must end at a word boundary
// ("clause 2" does not name "clause 2.1").
func (r record) namesSubject(ctx string) bool {
	for _, sj := range r.subj {
		v := sj.value
		if distinctive(v) && containsWord(ctx, v) || partsNamed(ctx, v) {
			return true
		}
		if sj.noun == "" {
			continue
		}
		if strings.HasPrefix(v, sj.noun+" ") && containsWord(ctx, v) {
			return true // the value is "Clause 2"
		}
		if labelled(ctx, sj.noun, v) || labelled(ctx, sj.plural, v) {
			return true
		}
		for _, n := range labelAbbrev[sj.noun] {
			if labelled(ctx, n, v) {
				return true
			}
		}
	}
	return false
}

// hasSubject reports whether the record has a subject field.
func (r record) hasSubject() bool { return len(r.subj) > 0 }

// distinctive reports whether a subject value is unlikely to occur in a
// text by chance: letters and digits together ("f-3", "cve-2024-1234"), or
// five characters or more.
func distinctive(v string) bool {
	letter, digit := false, false
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c >= '0' && c <= '9':
			digit = true
		case c >= 'a' && c <= 'z':
			letter = true
		}
	}
	return letter && digit || len(v) >= 5 && !strings.Contains(v, " ")
}

// hasLetterDigit reports whether v holds a letter and a digit ("t3",
// "f-2"): an id.
func hasLetterDigit(v string) bool {
	return strings.ContainsAny(v, "0123456789") && strings.ContainsAny(v, "abcdefghijklmnopqrstuvwxyz")
}

// containsWord reports whether s holds w with a word boundary on both
// sides (a '.' followed by a digit is no boundary: "2" is not in "2.1").
func containsWord(s, w string) bool {
	for off := 0; off <= len(s)-len(w); {
		i := strings.Index(s[off:], w)
		if i < 0 {
			return false
		}
		a, b := off+i, off+i+len(w)
		if (a == 0 || !boundaryWord(s[a-1])) && (b == len(s) || !boundaryWord(s[b]) && !(s[b] == '.' && b+1 < len(s) && s[b+1] >= '0' && s[b+1] <= '9')) {
			return true
		}
		off = a + 1
	}
	return false
}

func boundaryWord(c byte) bool { return doctext.IsWordByte(c) || c >= 0x80 }

// labelled reports whether s holds noun, then at most a few characters of
// " ", ".", "no", "#", then value at a word boundary: "clause 2", "cl. 2",
// "section no. 4", "§2".
func labelled(s, noun, value string) bool {
	for off := 0; off < len(s); {
		i := strings.Index(s[off:], noun)
		if i < 0 {
			return false
		}
		a := off + i
		off = a + 1
		if a > 0 && boundaryWord(s[a-1]) {
			continue
		}
		j := a + len(noun)
		for k := 0; k < 6 && j < len(s) && strings.IndexByte(" .#:", s[j]) >= 0; k++ {
			j++
		}
		if strings.HasPrefix(s[j:], "no") && !strings.HasPrefix(value, "no") {
			j += 2
			for j < len(s) && strings.IndexByte(" .#", s[j]) >= 0 {
				j++
			}
		}
		if j == a+len(noun) && noun != "§" && noun != "#" && noun != "¶" {
			continue // "clause2" is not a label
		}
		if strings.HasPrefix(s[j:], value) && containsWord(s[j:min(len(s), j+len(value)+2)], value) {
			return true
		}
	}
	return false
}

// partsNamed reports whether ctx names a subject value of several words
// ("system_prompt_extraction", "T3 unauthorised_commitment") by its
// parts: a distinctive first part ("t3"), or two parts or more and at
// least two thirds of them.
func partsNamed(ctx, v string) bool {
	if !strings.ContainsAny(v, "_ -/") {
		return false
	}
	parts := strings.FieldsFunc(v, func(r rune) bool { return r == '_' || r == ' ' || r == '-' || r == '/' })
	if len(parts) < 2 {
		return false
	}
	if p := parts[0]; len(p) >= 2 && hasLetterDigit(p) && containsWord(ctx, p) {
		return true
	}
	n := 0
	for _, p := range parts {
		if len(p) >= 3 && containsWord(ctx, p) {
			n++
		}
	}
	return n >= 2 && 3*n >= 2*len(parts)
}
