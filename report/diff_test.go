package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sides rebuilds the old and new texts from a diff.
func sides(ls []diffLine) (oldText, newText []string) {
	for _, l := range ls {
		if l.Op != opInsert {
			oldText = append(oldText, l.Text)
		}
		if l.Op != opDelete {
			newText = append(newText, l.Text)
		}
	}
	return oldText, newText
}

// checkDiff checks that a diff rebuilds both texts and numbers every line.
func checkDiff(t testing.TB, a, b string, ls []diffLine) {
	oldText, newText := sides(ls)
	if strings.Join(oldText, "\n") != strings.Join(splitLines(a), "\n") || strings.Join(newText, "\n") != strings.Join(splitLines(b), "\n") {
		t.Fatalf("diff of %q and %q does not rebuild them: %+v", a, b, ls)
	}
	o, n := 0, 0
	for _, l := range ls {
		if l.Op != opInsert {
			o++
			if l.Old != o {
				t.Fatalf("old line number %d, want %d in %+v", l.Old, o, ls)
			}
		}
		if l.Op != opDelete {
			n++
			if l.New != n {
				t.Fatalf("new line number %d, want %d in %+v", l.New, n, ls)
			}
		}
	}
}

func TestLineDiff(t *testing.T) {
	for _, tc := range []struct {
		name, a, b string
		want       string // ops, one byte per line
	}{
		{"same", "a\nb\n", "a\nb\n", "  "},
		{"empty to text", "", "a\nb", "++"},
		{"text to empty", "a\nb", "", "--"},
		{"changed middle", "a\nb\nc", "a\nx\nc", " -+ "},
		{"insert", "a\nc", "a\nb\nc", " + "},
		{"moved line keeps the longest common part", "a\nb\nc\nd", "b\nc\nd\na", "-   +"},
		{"final newline does not count", "a\nb", "a\nb\n", "  "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ls, approx := lineDiff(tc.a, tc.b)
			assert.False(t, approx)
			ops := make([]byte, len(ls))
			for i, l := range ls {
				ops[i] = l.Op
			}
			assert.Equal(t, tc.want, string(ops))
			checkDiff(t, tc.a, tc.b, ls)
		})
	}
}

func TestLineDiffFallsBackOnLargeChanges(t *testing.T) {
	var a, b strings.Builder
	for i := 0; i < 3000; i++ {
		a.WriteString("old line " + strings.Repeat("x", i%7) + "\n")
		b.WriteString("new line " + strings.Repeat("y", i%5) + "\n")
	}
	head, tail := "same head\n", "same tail\n"
	ls, approx := lineDiff(head+a.String()+tail, head+b.String()+tail)
	require.True(t, approx, "3000 × 3000 lines is past the LCS bound")
	checkDiff(t, head+a.String()+tail, head+b.String()+tail, ls)
	assert.Equal(t, byte(opSame), ls[0].Op, "the common head is still matched")
	assert.Equal(t, byte(opSame), ls[len(ls)-1].Op, "and the common tail")
}

func TestHunks(t *testing.T) {
	var a, b []string
	for i := 0; i < 30; i++ {
		a = append(a, fmt.Sprint("line ", i+1))
		b = append(b, fmt.Sprint("line ", i+1))
	}
	b[2], b[5], b[25] = "changed 3", "changed 6", "changed 26"
	ls, _ := lineDiff(strings.Join(a, "\n"), strings.Join(b, "\n"))
	hs := hunks(ls)
	require.Len(t, hs, 2, "changes 3 lines apart share a hunk; one 20 lines on is another")
	assert.Equal(t, "@@ -1,9 +1,9 @@", hs[0].Header)
	assert.Equal(t, "@@ -23,7 +23,7 @@", hs[1].Header)
	assert.Empty(t, hunks(nil))
}

func FuzzLineDiff(f *testing.F) {
	f.Add("a\nb\nc", "a\nc\nd")
	f.Add("", "x\n")
	f.Add("same\n\n\nlines", "\nsame\n\nlines\n")
	f.Fuzz(func(t *testing.T, a, b string) {
		ls, _ := lineDiff(a, b)
		checkDiff(t, a, b, ls)
		for _, h := range hunks(ls) {
			if len(h.Lines) == 0 || !strings.HasPrefix(h.Header, "@@ -") {
				t.Fatalf("bad hunk %+v", h)
			}
		}
	})
}

func BenchmarkLineDiff(b *testing.B) {
	var x, y strings.Builder
	for i := 0; i < 1000; i++ {
		x.WriteString("paragraph " + strings.Repeat("word ", i%13) + "\n")
		if i%10 == 0 {
			y.WriteString("revised paragraph\n")
			continue
		}
		y.WriteString("paragraph " + strings.Repeat("word ", i%13) + "\n")
	}
	b.ReportAllocs()
	b.SetBytes(int64(x.Len() + y.Len()))
	for i := 0; i < b.N; i++ {
		lineDiff(x.String(), y.String())
	}
}
