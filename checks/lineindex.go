package checks

import (
	"sort"
	"unicode/utf8"
)

// LineIndex maps byte offsets of one text to 1-based line and column numbers.
// Build it once per document with NewLineIndex (one pass over the text); each
// Locate is then a binary search plus, for non-ASCII text, a rune count over
// the start of one line. It is safe for concurrent use.
type LineIndex struct {
	text   string
	starts []int // byte offset of the first byte of each line
	ascii  bool  // whole text is ASCII: columns are byte differences
}

// NewLineIndex indexes the line starts of text. Lines end at '\n'; a "\r\n"
// pair counts as one line end (the '\r' stays part of the line).
func NewLineIndex(text string) LineIndex {
	starts := make([]int, 1, len(text)/40+1)
	ascii := true
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == '\n' {
			starts = append(starts, i+1)
		} else if c >= utf8.RuneSelf {
			ascii = false
		}
	}
	return LineIndex{text: text, starts: starts, ascii: ascii}
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
	return i + 1, utf8.RuneCountInString(x.text[ls:off]) + 1
}

// Locate returns the Location of text[start:end]. The text argument must be
// the text the index was built from (it is accepted so callers can pass the
// slice they matched in without a second lookup); offsets are clamped into
// the text and end is raised to start when smaller.
func (x LineIndex) Locate(start, end int, text string) Location {
	start = clamp(start, 0, len(text))
	end = clamp(end, start, len(text))
	line, col := x.Position(start)
	return Location{Start: start, End: end, Line: line, Column: col, Text: text[start:end]}
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
