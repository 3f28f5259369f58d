package quotematch

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func collect(text string, from, to int) []Passage {
	return slices.Collect(Passages(text, from, to))
}

func TestPassages(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string // the text of each span
	}{
		{"none", "no quotation here", nil},
		{"straight pairs in order", `He said "one" and "two".`, []string{`"one"`, `"two"`}},
		{"unpaired straight quote opens nothing", `a "b" c "d`, []string{`"b"`}},
		{"unpaired straight quote ends the scan", "a \"b\" c \"d “e”\n> f", []string{`"b"`}},
		{"curly", "the “Services” and “Fees”", []string{"“Services”", "“Fees”"}},
		{"curly without a close", "“open and “again", nil},
		{"curly close found later", "“a “b”", []string{"“a “b”"}},
		{"block quote line", "Intro:\n> quoted line \"x\"\nafter \"y\"", []string{"> quoted line \"x\"", `"y"`}},
		{"indented block quote", "  > indented", []string{"> indented"}},
		{"block quote at the end, no newline", "x\n>last", []string{">last"}},
		{"mixed", "“a” \"b\" > not a block", []string{"“a”", `"b"`}},
		{"quote spans lines", "\"a\nb\"", []string{"\"a\nb\""}},
		{"other multi-byte runes", "— “a” — é \"b\"", []string{"“a”", `"b"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for s := range Passages(tt.text, 0, len(tt.text)) {
				got = append(got, tt.text[s.Start:s.End])
			}
			assert.Equal(t, tt.want, got)
			assert.Equal(t, referencePassages(tt.text, 0, len(tt.text)), collect(tt.text, 0, len(tt.text)))
		})
	}
}

func TestPassagesRange(t *testing.T) {
	text := `"a" "b" "c"`
	assert.Equal(t, []Passage{{4, 7}}, collect(text, 4, 8), "only passages inside [from, to)")
	assert.Equal(t, []Passage{{0, 3}, {4, 7}, {8, 11}}, collect(text, -5, 100), "bounds are clamped")
	assert.Empty(t, collect(text, 8, 4))

	n := 0
	for range Passages(text, 0, len(text)) {
		n++
		break
	}
	assert.Equal(t, 1, n, "breaking out stops the scan")
}

// TestPassagesLinearOn20MBOfQuotes: 20 MB of '"' yield ten million passages
// without holding them: the scan allocates nothing per passage.
func TestPassagesLinearOn20MBOfQuotes(t *testing.T) {
	size := 20 << 20
	if raceEnabled {
		size = 2 << 20 // the same bounds on less: -race runs ten times slower
	}
	text := strings.Repeat(`"`, size)
	var n, last int
	allocs := testing.AllocsPerRun(1, func() {
		n, last = 0, 0
		for s := range Passages(text, 0, len(text)) {
			if s.Start < last {
				t.Fatal("out of order")
			}
			n, last = n+1, s.End
		}
	})
	assert.Equal(t, size/2, n)
	assert.LessOrEqual(t, allocs, 2.0, "a constant number of allocations, not one per passage")

	curly := strings.Repeat("“", 2<<20) // no closing mark anywhere: one search, then skips
	assert.Empty(t, collect(curly, 0, len(curly)))
}

// BenchmarkPassages20MBOfQuotes measures the hostile input: 20 MB of '"'.
func BenchmarkPassages20MBOfQuotes(b *testing.B) {
	text := strings.Repeat(`"`, 20<<20)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		for range Passages(text, 0, len(text)) {
			n++
		}
		if n != 10<<20 {
			b.Fatal(n)
		}
	}
}

// FuzzPassages: Passages never panics, yields passages in order, inside the
// range, not overlapping, each opening with a quote mark or '>', and agrees
// with the list-building reference it replaces.
func FuzzPassages(f *testing.F) {
	for _, s := range []string{`a "b" c`, "“x” \"y", "> q\n\"a\nb\"", "“““”", `""""`, "\xe2\x80", ""} {
		f.Add(s, 0, len(s))
	}
	f.Fuzz(func(t *testing.T, text string, from, to int) {
		got := collect(text, from, to)
		lo, hi := max(from, 0), min(to, len(text))
		prev := lo
		for _, s := range got {
			if s.Start < prev || s.End <= s.Start || s.End > hi {
				t.Fatalf("span %v out of order or range [%d,%d) in %q", s, lo, hi, text)
			}
			if c := text[s.Start]; c != '"' && c != '>' && !strings.HasPrefix(text[s.Start:], "“") {
				t.Fatalf("span %v opens with %q", s, c)
			}
			prev = s.End
		}
		if lo <= hi && utf8.ValidString(text) {
			if want := referencePassages(text, lo, hi); !slices.Equal(want, got) {
				t.Fatalf("Passages %v, reference %v", got, want)
			}
		}
	})
}

// referencePassages is the list-building scanner Passages replaces (the quote
// check's quotedSpans), kept here to hold Passages to the same passages.
func referencePassages(text string, from, to int) []Passage {
	var out []Passage
	atLineStart := true
	noCurlyClose := false
	for i := from; i < to; {
		if atLineStart {
			j := i
			for j < to && (text[j] == ' ' || text[j] == '\t') {
				j++
			}
			if j < to && text[j] == '>' {
				e := strings.IndexByte(text[j:to], '\n')
				if e < 0 {
					e = to
				} else {
					e += j
				}
				out = append(out, Passage{j, e})
				i = e
				continue
			}
			atLineStart = false
		}
		for i < to && text[i] != '"' && text[i] != '\n' && text[i] != 0xE2 {
			i++
		}
		if i >= to {
			break
		}
		switch c := text[i]; {
		case c == '\n':
			atLineStart = true
			i++
		case c == '"':
			e := closeStraightQuote(text, i, to)
			if e < 0 {
				return out
			}
			out = append(out, Passage{i, e + 1})
			i = e + 1
		case strings.HasPrefix(text[i:to], "“"):
			e := -1
			if !noCurlyClose {
				e = strings.Index(text[i+3:to], "”")
			}
			if e < 0 {
				noCurlyClose = true
				i += 3
				continue
			}
			out = append(out, Passage{i, i + 3 + e + 3})
			i = i + 3 + e + 3
		default:
			i++
		}
	}
	return out
}

func TestPassagesMatchTheReferenceOnAContract(t *testing.T) {
	text := benchSource(64<<10) + "\n> a block quote\n“curly” and \"straight\"\n"
	require.Equal(t, referencePassages(text, 0, len(text)), collect(text, 0, len(text)))
}

func TestPassagesNested(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"inner quotes kept inside", `Add: "Posts must carry the label "Sponsored" or "Paid partnership" at the top." Done.`,
			[]string{`"Posts must carry the label "Sponsored" or "Paid partnership" at the top."`}},
		{"two plain quotations", `the words "net sixty days" and "net thirty days" differ`,
			[]string{`"net sixty days"`, `"net thirty days"`}},
		{"closing after punctuation", `He wrote "stop the trial." Then "resume" came later.`,
			[]string{`"stop the trial."`, `"resume"`}},
		{"unclosed nesting falls back to order", "\"alpha \"beta gamma\n\ndelta\" rest",
			[]string{"\"alpha \""}},
		{"empty quotes", `an empty "" string and "x"`, []string{`""`, `"x"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for p := range Passages(tt.text, 0, len(tt.text)) {
				got = append(got, tt.text[p.Start:p.End])
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func FuzzCloseStraightQuote(f *testing.F) {
	for _, s := range []string{`"a "b" c"`, `"x`, `""`, "\"a\n\n\"b\"", `say "1" "2" "3"`, `("(")"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for i := 0; i < len(s); i++ {
			if s[i] != '"' {
				continue
			}
			e := closeStraightQuote(s, i, len(s))
			if e >= 0 && (e <= i || e >= len(s) || s[e] != '"') {
				t.Fatalf("closeStraightQuote(%q, %d) = %d", s, i, e)
			}
		}
		prev := 0
		for p := range Passages(s, 0, len(s)) {
			if p.Start < prev || p.End > len(s) || p.End <= p.Start {
				t.Fatalf("Passages(%q): bad passage %v after %d", s, p, prev)
			}
			prev = p.End
		}
	})
}
