package xref

// instrumentRef reports whether doctext.RefInstrumentRe matches s: s opens
// with the title of another instrument ("the Competition Act", "Data
// Processing Agreement") or an acronym ("GDPR"). The expression's counted,
// overlapping repetitions backtrack heavily on every reference followed by
// "of"; this reads the words once (FuzzInstrumentRef checks the two agree).
//
// The expression is up to 8 words that are capitalised or "of", "and",
// "on", "for", then up to 3 words of any kind, each followed by spaces or
// tabs, then an instrument word ending a word; or two or more capitals
// ending a word. A word there is a run of ASCII word bytes and ' ’ & . -,
// and as each must be followed by a space or a tab it is the whole run.
func instrumentRef(s string) bool {
	n := 0
	for n < len(s) && s[n] >= 'A' && s[n] <= 'Z' {
		n++
	}
	if n >= 2 && (n == len(s) || !reWordByte(s[n])) {
		return true
	}
	i, leading, allLeading := 0, 0, true
	for j := 0; j <= 11; j++ {
		// The words before the instrument word: the first j-3 must be
		// leading ones.
		if j-3 > leading {
			return false
		}
		w := i
		for w < len(s) && reWordByte(s[w]) {
			w++
		}
		if instrumentWords[s[i:w]] {
			return true
		}
		e := titleWordEnd(s, i)
		if e == i {
			return false
		}
		if tok := s[i:e]; allLeading && (tok[0] >= 'A' && tok[0] <= 'Z' || tok == "of" || tok == "and" || tok == "on" || tok == "for") {
			leading++
		} else {
			allLeading = false
		}
		i = e
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i == e {
			return false
		}
	}
	return false
}

// titleWordEnd returns the end of the run of [\w'’&.-] at i.
func titleWordEnd(s string, i int) int {
	for i < len(s) {
		switch c := s[i]; {
		case reWordByte(c) || c == '\'' || c == '&' || c == '.' || c == '-':
			i++
		case c == 0xE2 && i+2 < len(s) && s[i+1] == 0x80 && s[i+2] == 0x99: // ’
			i += 3
		default:
			return i
		}
	}
	return i
}

// instrumentWords are the words that end an instrument's title in
// doctext.RefInstrumentRe.
var instrumentWords = map[string]bool{
	"Agreement": true, "Agreements": true, "Act": true, "Code": true, "Regulation": true, "Regulations": true,
	"Directive": true, "Convention": true, "Contract": true, "Lease": true, "Plan": true, "Policy": true,
	"Rules": true, "Statute": true, "Treaty": true, "Order": true, "Deed": true, "Charter": true,
	"Bylaws": true, "Terms": true, "Constitution": true, "Law": true,
}
