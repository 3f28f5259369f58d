package strictjson

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestClipTo(t *testing.T) {
	if got := ClipTo("short", 10); got != "short" {
		t.Errorf("ClipTo(short) = %q", got)
	}
	long := strings.Repeat("é", 3000) // 6000 bytes, two per rune
	got := ClipTo(long, MaxError)
	if len(got) > MaxError || !strings.HasSuffix(got, "... (6000 bytes)") || !utf8.ValidString(got) {
		t.Errorf("ClipTo = %d bytes, suffix %q, valid %v", len(got), got[len(got)-20:], utf8.ValidString(got))
	}
	if got := ClipTo(long, 1); len(got) > 64 || !strings.HasSuffix(got, "(6000 bytes)") {
		t.Errorf("ClipTo(n=1) = %q: the size must still fit", got)
	}
}

func TestBound(t *testing.T) {
	if Bound(nil) != nil {
		t.Error("Bound(nil) != nil")
	}
	small := errors.New("small")
	if Bound(small) != small {
		t.Error("a short error is returned as it is")
	}
	size := 5 << 20 // under -short (the local test command) 1 MB, still far past MaxError; CI runs 5 MB
	if testing.Short() {
		size = 1 << 20
	}
	huge := fmt.Errorf("provider: %s: %w", strings.Repeat("x", size), io.ErrUnexpectedEOF)
	b := Bound(huge)
	if len(b.Error()) > MaxError || !strings.HasPrefix(b.Error(), "provider: xxx") || !strings.HasSuffix(b.Error(), " bytes)") {
		t.Errorf("Bound: %d bytes", len(b.Error()))
	}
	if !errors.Is(b, io.ErrUnexpectedEOF) {
		t.Error("Bound hides the wrapped error")
	}
	joined := fmt.Errorf("all failed: %w", errors.Join(huge, huge))
	if n := len(Bound(joined).Error()); n > MaxJoinedError || n <= MaxError {
		t.Errorf("a join is bounded at MaxJoinedError: %d bytes", n)
	}
}

// 1,000 errors of 10 KB each join into at most 64 KiB, every one still
// found by errors.Is.
func TestJoin(t *testing.T) {
	if Join(nil, nil) != nil {
		t.Error("Join of nils is not nil")
	}
	sentinels := make([]error, 1000)
	errs := make([]error, 1000)
	for i := range errs {
		sentinels[i] = fmt.Errorf("sentinel %d", i)
		errs[i] = fmt.Errorf("vote %d: %s: %w", i, strings.Repeat("y", 10_000), sentinels[i])
	}
	j := Join(errs...)
	msg := j.Error()
	if len(msg) > MaxJoinedError {
		t.Fatalf("Join text %d bytes, more than %d", len(msg), MaxJoinedError)
	}
	if !strings.HasPrefix(msg, "vote 0: yyy") || !strings.Contains(msg, "... (") || !strings.HasSuffix(msg, " more errors") {
		t.Errorf("Join text starts %q, ends %q", msg[:20], msg[len(msg)-30:])
	}
	for _, s := range []error{sentinels[0], sentinels[999]} {
		if !errors.Is(j, s) {
			t.Errorf("errors.Is(join, %v) = false", s)
		}
	}
	if got := Join(errors.New("a"), nil, errors.New("b")).Error(); got != "a\nb" {
		t.Errorf("short Join = %q, want errors.Join's text", got)
	}
}

func TestWrap(t *testing.T) {
	if Wrap("x", nil) != nil {
		t.Error("Wrap(nil) != nil")
	}
	if got := Wrap("rubric: judge", io.EOF).Error(); got != "rubric: judge: EOF" {
		t.Errorf("Wrap = %q", got)
	}
	w := Wrap("rubric: judge", fmt.Errorf("%s: %w", strings.Repeat("z", 1<<20), io.ErrUnexpectedEOF))
	if len(w.Error()) > MaxError || !strings.HasPrefix(w.Error(), "rubric: judge: zzz") || !errors.Is(w, io.ErrUnexpectedEOF) {
		t.Errorf("Wrap of a long error: %d bytes, is %v", len(w.Error()), errors.Is(w, io.ErrUnexpectedEOF))
	}
}

func TestValueText(t *testing.T) {
	for _, tt := range []struct {
		v    any
		want string
	}{{"boom", "boom"}, {io.EOF, "EOF"}, {42, "42"}, {strings.Repeat("v", 100), strings.Repeat("v", 49) + "... (100 bytes)"}} {
		if got := ValueText(tt.v, 64); got != tt.want {
			t.Errorf("ValueText(%v) = %q, want %q", tt.v, got, tt.want)
		}
	}
}
