package xref

import (
	"cmp"
	"strings"
	"testing"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// FuzzLineOpenings checks that the index of line openings answers as the
// pass over the lines it replaced (linesOpenWith) does, for every prefix
// and skip offset.
func FuzzLineOpenings(f *testing.F) {
	for _, s := range []string{
		"## What you can do\n\nStep 1\n3. Third\n| IAM-2 | x |\n- **GC11** control\n",
		"Part 1 - Scope\npart 1 – scope\nPART 10\n",
		"ſtep 2\nStep 2x\n\u212aey 4\nkey 4\n",
		"> S2.1 quoted\n__Item 4__\n\t * AC-1\r\nAC-1",
		"",
	} {
		f.Add(s, "Step 2", true, 3)
		f.Add(s, "IAM-2", false, -1)
		f.Add(s, "key 4", true, 0)
	}
	f.Fuzz(func(t *testing.T, text, prefix string, fold bool, skip int) {
		o := newLineOpenings(text)
		if got, want := o.opensWith(prefix, fold, skip), linesOpenWith(text, prefix, fold, skip); got != want {
			t.Fatalf("opensWith(%q, %v, %d) on %q = %v, the pass over the lines says %v", prefix, fold, skip, text, got, want)
		}
	})
}

// linesOpenWith is the pass over the lines the index replaced: whether a
// line of text, after list marks, emphasis and table pipes, opens with
// prefix followed by a non-word byte (case folded when fold); the line
// holding offset skip does not count.
func linesOpenWith(text, prefix string, fold bool, skip int) bool {
	n, at := 0, 0
	for line := range strings.Lines(text) {
		start := at
		at += len(line)
		if n++; n > maxOpenLines {
			return false
		}
		if start <= skip && skip < at {
			continue
		}
		l := strings.TrimLeft(line, " \t#>|-*+_")
		if len(l) < len(prefix) {
			continue
		}
		head := l[:len(prefix)]
		if head != prefix && !(fold && strings.EqualFold(head, prefix)) {
			continue
		}
		if len(l) == len(prefix) || !doctext.IsWordByte(l[len(prefix)]) {
			return true
		}
	}
	return false
}

// FuzzCompareFoldASCII checks the comparison eight bytes at a time, the
// sort key and the scan for a non-ASCII byte against their byte-by-byte
// definitions.
func FuzzCompareFoldASCII(f *testing.F) {
	f.Add("Recommendation 4", "recommendation 4 of")
	f.Add("AZaz@[`{\x80\xc1\xdaZ", "azAZ@[`{\x80\xe1\xfaz")
	f.Add("ſtep", "step")
	f.Add("ab", "ab\x00")
	f.Fuzz(func(t *testing.T, a, b string) {
		want := 0
		for i := 0; i < len(a) && i < len(b) && want == 0; i++ {
			want = cmp.Compare(lowerASCII(a[i]), lowerASCII(b[i]))
		}
		if want == 0 {
			want = cmp.Compare(len(a), len(b))
		}
		if got := compareFoldASCII(a, b); got != want {
			t.Fatalf("compareFoldASCII(%q, %q) = %d, want %d", a, b, got, want)
		}
		if ka, kb := foldKey(a), foldKey(b); ka != kb && cmp.Compare(ka, kb) != want {
			t.Fatalf("keys of %q and %q order them %d, the bytes %d", a, b, cmp.Compare(ka, kb), want)
		}
		wide := -1
		for i := len(a) - 1; i >= 0; i-- {
			if a[i] >= 0x80 {
				wide = i
			}
		}
		if got := nonASCIIAt(a); got != wide {
			t.Fatalf("nonASCIIAt(%q) = %d, want %d", a, got, wide)
		}
	})
}
