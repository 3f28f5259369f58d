package xref

import (
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// A text that labels its own items with a keyword ("Change A" ...
// "Change D", "Line 1" ... "Line 13", "Step 1" ... "Step 4") names their
// family: a reference to "Change E", "Line 14" or "step 5" points past
// the items it has. The families are the label runs of sequences.go, so
// any keyword counts, not a list of nouns; the source's own labels of the
// same keyword and number are the source's.

// ownFamily is the labels a keyword's run defines.
type ownFamily struct {
	letters bool // labelled A, B, C (else 1, 2, 3)
	max     int
	defs    map[int]bool // the offsets of the labels themselves
}

// ownKeywordFamilies returns the keyword families of the text's own
// labels: a keyword whose labels run from the first (1 or A), two at
// least, in one style.
func ownKeywordFamilies(labels []seqLabel) map[string]*ownFamily {
	fams := map[string]*ownFamily{}
	first := map[string]bool{}
	count := map[string]int{}
	for _, l := range labels {
		noun, style := l.family.noun, l.family.style
		if noun == "" || style != "n" && style != "A" {
			continue
		}
		f := fams[noun]
		if f == nil {
			f = &ownFamily{letters: style != "n", defs: map[int]bool{}}
			fams[noun] = f
		}
		if f.letters != (style != "n") {
			f.max = -1 // two styles under one keyword: no family to hold references to
			continue
		}
		first[noun] = first[noun] || l.n == 1
		count[noun]++
		f.max = max(f.max, l.n)
		f.defs[l.start] = true
	}
	for noun, f := range fams {
		if f.max < 2 || !first[noun] || count[noun] < 2 {
			delete(fams, noun)
		}
	}
	return fams
}

// pastOwnItems calls report for each reference to a keyword family's item
// beyond the last one the text labels, outside quotations and code, that
// the source does not label the same way either.
func (r *selfRefRun) pastOwnItems() {
	fams := ownKeywordFamilies(seqLabelsOf(r.doc))
	if len(fams) == 0 {
		return
	}
	text := r.text
	lower := strings.ToLower(text)
	src := strings.ToLower(r.doc.SourceText)
	for noun, f := range fams {
		for i := 0; i < len(lower); {
			j := strings.Index(lower[i:], noun)
			if j < 0 {
				break
			}
			at := i + j
			i = at + len(noun)
			if at > 0 && isWordByte(lower[at-1]) || f.defs[at] {
				continue
			}
			k := i
			if k < len(lower) && lower[k] == 's' {
				k++ // "Changes A to D"
			}
			for _, id := range pastRefLabels(text, k, f.letters) {
				if id.n > f.max && !doctext.InSpans(r.excluded, at, id.end) && !strings.Contains(src, noun+" "+strings.ToLower(text[id.start:id.end])) && !r.reported(at, id.end) {
					r.report(at, id.end, text[at:id.end])
					break
				}
			}
		}
	}
}

// pastRef is one label a reference names.
type pastRef struct{ start, end, n int }

// pastRefLabels reads the labels after a keyword at text[k:]: " E", " 14",
// " A to D", " 1, 2 and 5".
func pastRefLabels(text string, k int, letters bool) []pastRef {
	var out []pastRef
	for len(out) < 8 {
		j := k
		for j < len(text) && text[j] == ' ' {
			j++
		}
		if j == k {
			break
		}
		id, ok := pastRefLabelAt(text, j, letters)
		if !ok {
			break
		}
		out = append(out, id)
		k = id.end
		rest := text[k:min(len(text), k+6)]
		switch {
		case strings.HasPrefix(rest, " to "), strings.HasPrefix(rest, " and "), strings.HasPrefix(rest, " or "):
			k += strings.IndexByte(rest[1:], ' ') + 1
		case strings.HasPrefix(rest, ", "), strings.HasPrefix(rest, "–"), strings.HasPrefix(rest, "-"):
			k += strings.IndexByte(rest, ' ')
			if k < id.end {
				return out
			}
		default:
			return out
		}
	}
	return out
}

// pastRefLabelAt reads one label at text[j:]: up to three digits, or one
// capital letter (lower case too for a family in lower case), ending a
// word.
func pastRefLabelAt(text string, j int, letters bool) (pastRef, bool) {
	e := j
	if letters {
		if e < len(text) && text[e] >= 'A' && text[e] <= 'Z' {
			e++
		}
	} else {
		for e < len(text) && e-j < 3 && text[e] >= '0' && text[e] <= '9' {
			e++
		}
	}
	if e == j || e < len(text) && (isWordByte(text[e]) || text[e] == '.' && e+1 < len(text) && text[e+1] >= '0' && text[e+1] <= '9') {
		return pastRef{}, false
	}
	n := 0
	if letters {
		n = int(text[j]-'A') + 1
	} else {
		for _, c := range text[j:e] {
			n = n*10 + int(c-'0')
		}
	}
	return pastRef{start: j, end: e, n: n}, true
}

// reported reports whether a finding of the run already covers [s, e).
func (r *selfRefRun) reported(s, e int) bool {
	for _, f := range r.out {
		if f.Location.Start < e && s < f.Location.End {
			return true
		}
	}
	return false
}
