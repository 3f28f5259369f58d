package revision

import (
	"context"
	"strings"
	"testing"
)

// BenchmarkRevisionGuard measures one guard call on a memo of about 8 KB
// whose revision changed one amount.
func BenchmarkRevisionGuard(b *testing.B) {
	g := NewRevisionGuard(RevisionGuardConfig{SourceText: guardSource})
	prev := strings.Repeat(guardBase+"\n\n", 16)
	next := strings.Replace(prev, "$1,200.00", "$1,500.00", 1)
	ctx := context.Background()
	b.SetBytes(int64(len(next)))
	b.ReportAllocs()
	for b.Loop() {
		d, err := g.Check(ctx, guardTask, prev, next)
		if err != nil || d.Status != "block" {
			b.Fatal(d.Status, err)
		}
	}
}
