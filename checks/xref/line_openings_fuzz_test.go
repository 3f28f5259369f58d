package xref

import (
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
