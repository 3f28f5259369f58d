package text

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/evalopt/evalopt/checks/check"
)

// LineIndex maps byte offsets of one text to 1-based line and column numbers.
// Build it once per document with NewLineIndex (one pass over the text); each
// Locate is then a binary search plus, for non-ASCII text, a rune count over
// at most a few hundred bytes (rune counts are checkpointed every 256 bytes,
// so a 1 MB single-line document costs no more per lookup than a short
// line). It is safe for concurrent use.
type LineIndex struct {
	text   string
	starts []int      // byte offset of the first byte of each line
	ascii  bool       // whole text is ASCII: columns are byte differences
	marks  []runeMark // non-ASCII text: rune counts along long lines
}

// runeMark records that pos is a rune boundary with runes runes between the
// start of its line and pos.
type runeMark struct{ pos, runes int }

// runeMarkEvery is the spacing, in bytes, of the rune checkpoints.
const runeMarkEvery = 256

// NewLineIndex indexes the line starts of text. Lines end at '\n'; a "\r\n"
// pair counts as one line end (the '\r' stays part of the line).
func NewLineIndex(text string) LineIndex {
	// Sized exactly (strings.Count runs at memory speed): a text of short
	// lines would otherwise grow the slice by copying, leaving twice its
	// size in garbage at the peak.
	starts := make([]int, 1, strings.Count(text, "\n")+1)
	ascii := true
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == '\n' {
			starts = append(starts, i+1)
		} else if c >= utf8.RuneSelf {
			ascii = false
		}
	}
	x := LineIndex{text: text, starts: starts, ascii: ascii}
	if !ascii {
		// Only long lines need checkpoints: a column on a short line is a
		// direct count.
		for i, ls := range starts {
			le := len(text)
			if i+1 < len(starts) {
				le = starts[i+1]
			}
			if le-ls > 2*runeMarkEvery {
				x.marks = appendRuneMarks(x.marks, text, ls, le)
			}
		}
	}
	return x
}

// appendRuneMarks walks text[from:to] (a line) as utf8.RuneCountInString
// does and records a mark at the first rune boundary at or after every
// runeMarkEvery bytes, counting runes from the line start.
func appendRuneMarks(marks []runeMark, text string, from, to int) []runeMark {
	next, runes := from, 0
	for i := from; i < to; {
		if i >= next {
			marks = append(marks, runeMark{i, runes})
			next = i + runeMarkEvery
		}
		if text[i] < utf8.RuneSelf {
			i++
		} else {
			_, size := utf8.DecodeRuneInString(text[i:to])
			i += size
		}
		runes++
	}
	return marks
}

// runesBetween returns utf8.RuneCountInString(text[from:to]) for a line
// start from (a rune boundary, since it follows '\n' or is 0), using the
// checkpoints to skip long stretches.
func (x LineIndex) runesBetween(from, to int) int {
	if to-from <= 2*runeMarkEvery || len(x.marks) == 0 {
		return utf8.RuneCountInString(x.text[from:to])
	}
	// First mark at or after from, last mark at or before to.
	i := sort.Search(len(x.marks), func(k int) bool { return x.marks[k].pos >= from })
	j := sort.Search(len(x.marks), func(k int) bool { return x.marks[k].pos > to }) - 1
	if i >= len(x.marks) || j < i {
		return utf8.RuneCountInString(x.text[from:to])
	}
	a, b := x.marks[i], x.marks[j]
	return utf8.RuneCountInString(x.text[from:a.pos]) + (b.runes - a.runes) + utf8.RuneCountInString(x.text[b.pos:to])
}

// Lines returns the number of lines (a text with no newline has one).
func (x LineIndex) Lines() int { return len(x.starts) }

// Position returns the 1-based line and rune column of byte offset off.
// Offsets are clamped into [0, len(text)]; an offset inside a multi-byte rune
// counts that rune as started.
func (x LineIndex) Position(off int) (line, col int) {
	off = clamp(off, 0, len(x.text))
	// First line start greater than off, minus one, is off's line.
	i := sort.SearchInts(x.starts, off+1) - 1
	if i < 0 {
		i = 0
	}
	ls := x.starts[i]
	if x.ascii {
		return i + 1, off - ls + 1
	}
	return i + 1, x.runesBetween(ls, off) + 1
}

// LineBounds returns the byte offsets [start, end) of the line holding
// offset off, without its line break; off is clamped into the text.
func (x LineIndex) LineBounds(off int) (start, end int) {
	off = clamp(off, 0, len(x.text))
	i := sort.SearchInts(x.starts, off+1) - 1
	if i < 0 {
		i = 0
	}
	start, end = x.starts[i], len(x.text)
	if i+1 < len(x.starts) {
		end = x.starts[i+1] - 1 // the '\n'
	}
	return start, end
}

// Locate returns the Location of text[start:end]. The text argument must be
// the text the index was built from (it is accepted so callers can pass the
// slice they matched in without a second lookup); offsets are clamped into
// the text and end is raised to start when smaller.
func (x LineIndex) Locate(start, end int, text string) check.Location {
	start = clamp(start, 0, len(text))
	end = clamp(end, start, len(text))
	line, col := x.Position(start)
	return check.Location{Start: start, End: end, Line: line, Column: col, Text: text[start:end]}
}

func clamp(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}
