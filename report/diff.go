package report

import (
	"fmt"
	"strings"
)

// maxDiffCells bounds the LCS table of a line diff (lines of the old text
// times lines of the new one, after their common head and tail are set
// aside): 4 Mi cells of 4 bytes, 16 MiB at most. Past it the changed
// middle is shown as a whole replacement, which is correct, only less
// precise.
const maxDiffCells = 1 << 22

// diffContext is how many unchanged lines a hunk shows around a change.
const diffContext = 3

// Kinds of diff line.
const (
	opSame   = ' '
	opDelete = '-'
	opInsert = '+'
)

// diffLine is one line of a line diff: its kind (opSame, opDelete,
// opInsert), its 1-based numbers in the old and new texts (0 where it has
// none) and its text.
type diffLine struct {
	Op       byte
	Old, New int
	Text     string
}

// lineDiff is the line diff of a and b: every line of both, in order. It
// is exact (a longest common subsequence of lines) unless the changed
// middle is too large for the LCS table, in which case approximate is true
// and the middle is one deletion followed by one insertion.
func lineDiff(a, b string) (lines []diffLine, approximate bool) {
	x, y := splitLines(a), splitLines(b)
	head := 0
	for head < len(x) && head < len(y) && x[head] == y[head] {
		head++
	}
	tail := 0
	for tail < len(x)-head && tail < len(y)-head && x[len(x)-1-tail] == y[len(y)-1-tail] {
		tail++
	}
	out := make([]diffLine, 0, len(x)+len(y)-head-tail)
	for i := 0; i < head; i++ {
		out = append(out, diffLine{Op: opSame, Old: i + 1, New: i + 1, Text: x[i]})
	}
	mx, my := x[head:len(x)-tail], y[head:len(y)-tail]
	if len(mx) > 0 && len(my) > 0 && len(mx)*len(my) > maxDiffCells {
		approximate = true
		out = appendReplacement(out, mx, my, head)
	} else {
		out = appendLCS(out, mx, my, head)
	}
	for i := 0; i < tail; i++ {
		oi, ni := len(x)-tail+i, len(y)-tail+i
		out = append(out, diffLine{Op: opSame, Old: oi + 1, New: ni + 1, Text: x[oi]})
	}
	return out, approximate
}

// splitLines splits s at "\n"; a final newline does not start a line.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// appendReplacement appends x as deleted and y as inserted, both starting
// after offset common lines.
func appendReplacement(out []diffLine, x, y []string, offset int) []diffLine {
	for i, l := range x {
		out = append(out, diffLine{Op: opDelete, Old: offset + i + 1, Text: l})
	}
	for j, l := range y {
		out = append(out, diffLine{Op: opInsert, New: offset + j + 1, Text: l})
	}
	return out
}

// appendLCS appends the diff of x and y along a longest common subsequence
// of their lines; both start after offset common lines. len(x)*len(y) must
// be within maxDiffCells.
func appendLCS(out []diffLine, x, y []string, offset int) []diffLine {
	if len(x) == 0 || len(y) == 0 {
		return appendReplacement(out, x, y, offset)
	}
	// Lines become small integers so the table compares ints, not strings.
	ids := map[string]int32{}
	intern := func(ls []string) []int32 {
		v := make([]int32, len(ls))
		for i, l := range ls {
			id, ok := ids[l]
			if !ok {
				id = int32(len(ids))
				ids[l] = id
			}
			v[i] = id
		}
		return v
	}
	a, b := intern(x), intern(y)
	n, m := len(a), len(b)
	w := m + 1
	// t[i*w+j] is the LCS length of a[i:] and b[j:].
	t := make([]int32, (n+1)*w)
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			switch {
			case a[i] == b[j]:
				t[i*w+j] = t[(i+1)*w+j+1] + 1
			case t[(i+1)*w+j] >= t[i*w+j+1]:
				t[i*w+j] = t[(i+1)*w+j]
			default:
				t[i*w+j] = t[i*w+j+1]
			}
		}
	}
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i] == b[j]:
			out = append(out, diffLine{Op: opSame, Old: offset + i + 1, New: offset + j + 1, Text: x[i]})
			i, j = i+1, j+1
		case j == m || (i < n && t[(i+1)*w+j] >= t[i*w+j+1]):
			out = append(out, diffLine{Op: opDelete, Old: offset + i + 1, Text: x[i]})
			i++
		default:
			out = append(out, diffLine{Op: opInsert, New: offset + j + 1, Text: y[j]})
			j++
		}
	}
	return out
}

// hunk is a run of changed lines with up to diffContext unchanged lines on
// each side, and the unified-diff header that locates it.
type hunk struct {
	Header string
	Lines  []diffLine
}

// hunks groups a line diff into hunks; changes closer than twice the
// context share one. It returns nil when nothing changed.
func hunks(lines []diffLine) []hunk {
	var out []hunk
	i := 0
	for i < len(lines) {
		if lines[i].Op == opSame {
			i++
			continue
		}
		start := max(0, i-diffContext)
		end := i
		for end < len(lines) {
			if lines[end].Op != opSame {
				end++
				continue
			}
			run := end
			for run < len(lines) && lines[run].Op == opSame {
				run++
			}
			if run == len(lines) || run-end > 2*diffContext {
				end = min(end+diffContext, run)
				break
			}
			end = run
		}
		out = append(out, hunk{Header: hunkHeader(lines[start:end]), Lines: lines[start:end]})
		i = end
	}
	return out
}

// hunkHeader writes "@@ -old,count +new,count @@" for a hunk's lines.
func hunkHeader(ls []diffLine) string {
	oldStart, newStart, oldN, newN := 0, 0, 0, 0
	for _, l := range ls {
		if l.Old > 0 {
			if oldStart == 0 {
				oldStart = l.Old
			}
			oldN++
		}
		if l.New > 0 {
			if newStart == 0 {
				newStart = l.New
			}
			newN++
		}
	}
	return fmt.Sprintf("@@ -%d,%d +%d,%d @@", oldStart, oldN, newStart, newN)
}
