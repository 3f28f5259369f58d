package values

import (
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// This file finds struck-out text: its values are the old ones.

// lineSpans sets the current line's code and struck-out spans (never read)
// and its quotations.
func (d *valueDoc) lineSpans() {
	if d.spansDone {
		return
	}
	d.spansDone = true
	text := d.text
	start, end := d.line.Start, d.line.End
	d.skip = append(d.skip[:0], doctext.CodeSpans(text, start, end)...)
	d.skip = vAppendStruck(d.skip, text, start, end)
	d.quotes = doctext.AppendQuotedSpans(d.quotes[:0], text, start, end)
	t := strings.TrimLeft(text[start:end], " \t")
	d.lineQuoted = strings.HasPrefix(t, ">")
}

// vStruckMarks are the pairs that mark deleted text in a redline.
var vStruckMarks = [][2]string{{"~~", "~~"}, {"<del>", "</del>"}, {"<s>", "</s>"}, {"<strike>", "</strike>"}, {"[deleted:", "]"}, {"[Deleted:", "]"}, {"[delete:", "]"}, {"[struck:", "]"}}

// vAppendStruck appends the struck-out spans of text[start:end].
func vAppendStruck(dst []doctext.Span, text string, start, end int) []doctext.Span {
	line := text[start:end]
	if !vStruckOpens(line) { // one scan: no mark can start here
		return dst
	}
	for _, mk := range vStruckMarks {
		for off := 0; ; {
			i := strings.Index(line[off:], mk[0])
			if i < 0 {
				break
			}
			i += off
			j := strings.Index(line[i+len(mk[0]):], mk[1])
			if j < 0 {
				break
			}
			e := i + len(mk[0]) + j + len(mk[1])
			dst = append(dst, doctext.Span{Start: start + i, End: start + e})
			off = e
		}
	}
	doctext.SortSpans(dst)
	return dst
}

// vStruckOpens reports whether s holds a byte a struck-out mark opens
// with ('~', '<', '['): strings.ContainsAny(s, "~<["), without building
// its set on every line.
func vStruckOpens(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '~' || c == '<' || c == '[' {
			return true
		}
	}
	return false
}

// vStruckValues returns the figures and number words inside struck-out
// text ("~~60~~", "[deleted: thirty (30) days]"): a value stated elsewhere
// with one of them is the old one under discussion.
func vStruckValues(text string) map[float64]bool {
	if !strings.Contains(text, "~~") && !strings.Contains(text, "<del>") && !strings.Contains(text, "<s>") && !strings.Contains(text, "<strike>") && !strings.Contains(text, "[deleted:") && !strings.Contains(text, "[Deleted:") && !strings.Contains(text, "[delete:") && !strings.Contains(text, "[struck:") {
		return nil
	}
	out := map[float64]bool{}
	var spans []doctext.Span
	doctext.ForEachLine(text, func(l doctext.Line) {
		spans = vAppendStruck(spans[:0], text, l.Start, l.End)
		for _, sp := range spans {
			for i := sp.Start; i < sp.End; {
				a, b := doctext.NextWord(text, i, sp.End)
				if a >= sp.End {
					break
				}
				i = b
				w := text[a:b]
				if w[0] >= '0' && w[0] <= '9' {
					if v, ok := vFigureValue(text[a:vFigureEnd(text, a, sp.End)]); ok {
						out[v] = true
					}
				} else if n, ok := doctext.NumberWords[strings.ToLower(w)]; ok {
					out[float64(n)] = true
				}
			}
		}
	})
	return out
}
