package advice

import (
	"regexp"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// Hedging devices by the work they do in a sentence, whatever its words:
// a weak modal ("might"), a hedging adverb ("perhaps"), a worth-or-good
// frame ("it may be worth exploring"), a verb of considering instead of
// acting ("think about", "look into"), a condition that lets the reader
// off ("if time allows", "if they are open to it"), a time with no date
// ("at some point"), a vague object ("some kind of"), and an indirect
// question ("whether"). One or two make advice polite; three or more in
// one sentence of a recommendation leave it nothing to do, however the
// sentence is worded. The hedge phrases (cfg.Hedges) count hedges one by
// one; the devices count what kinds of hedging one sentence stacks.
var hedgeDevices = []*regexp.Regexp{
	regexp.MustCompile(`(?i)\b(?:may|might|could)\b`),
	regexp.MustCompile(`(?i)\b(?:perhaps|maybe|possibly|potentially|arguably|conceivably)\b`),
	regexp.MustCompile(`(?i)\bworth\s+[a-z]+ing\b|\b(?:would|could|might|may)\s+be\s+(?:good|useful|helpful|sensible|wise|advisable|nice|an\s+idea)\b`),
	regexp.MustCompile(`(?i)\b(?:consider(?:ing|ed)?|think(?:ing)?\s+about|explor(?:e|ing)|look(?:ing)?\s+(?:at|into)|revisit(?:ing|ed)?|float(?:ing)?|reflect(?:ing)?\s+on|(?:wish|want)\s+to|be\s+open\s+to)\b`),
	regexp.MustCompile(`(?i)\bif\s+(?:[a-z']+\s+){0,5}?(?:allows?|permits?|is\s+open\s+to|are\s+open\s+to|seems?\s+(?:receptive|open|willing)|feels?\s+(?:it\s+)?(?:is\s+)?appropriate|practical|possible|convenient|appropriate)\b|\b(?:where|when)\s+(?:possible|practical|appropriate|convenient)\b`),
	regexp.MustCompile(`(?i)\b(?:at\s+some\s+(?:point|stage)|in\s+due\s+course|over\s+time|one\s+day|at\s+a\s+later\s+(?:date|stage)|down\s+the\s+line|sooner\s+or\s+later)\b`),
	regexp.MustCompile(`(?i)\b(?:some\s+(?:kind|form|sort)\s+of|something\s+(?:like|along)|along\s+(?:these|those|the)\s+lines|a\s+little|a\s+bit|somewhat)\b`),
	regexp.MustCompile(`(?i)\bwhether\b`),
}

// minStackedDevices is how many kinds of hedging device one sentence of a
// recommendation holds before the hedging is the sentence.
const minStackedDevices = 3

// maxDeviceSentence bounds a sentence read for hedging devices.
const maxDeviceSentence = 600

// stackedDevices reports whether a sentence of body (a recommendation's
// text, its quotations blanked) holds minStackedDevices kinds of hedging
// device or more.
func stackedDevices(body string) bool {
	for off := 0; off < len(body); {
		var s string
		s, off = sentenceAt(body, off, maxDeviceSentence)
		if len(s) < 20 {
			continue
		}
		n := 0
		for _, d := range hedgeDevices {
			if d.MatchString(s) {
				if n++; n >= minStackedDevices {
					return true
				}
			}
		}
	}
	return false
}

// blankSpans returns text[start:end] with the bytes of spans (absolute
// offsets) inside it replaced by blanks: quotations are the words of
// others, not the recommendation's hedging.
func blankSpans(text string, start, end int, spans []doctext.Span) string {
	b := []byte(text[start:end])
	for _, s := range spans {
		for i := max(s.Start, start); i < min(s.End, end); i++ {
			b[i-start] = ' '
		}
	}
	return string(b)
}

// sentenceAt returns the sentence of body that starts at off, cut to at
// most limit bytes, and the offset past its terminator: a recommendation
// read sentence by sentence with the text layer's one splitter.
func sentenceAt(body string, off, limit int) (string, int) {
	end := doctext.SentenceEnd(body, off, len(body))
	return body[off:min(end, off+limit)], end + 1
}
