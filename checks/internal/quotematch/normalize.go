package quotematch

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// normText is a normalised copy of a text with, for every byte of the copy,
// the byte range of the original it came from, so a match found in the copy
// can be reported in the original.
type normText struct {
	s          string
	start, end []int32 // original [start, end) of the segment behind s[i]
}

// normWriter accumulates the normalised copy and, per byte, the original
// range it came from.
type normWriter struct {
	out        []byte
	start, end []int32
	space      bool // last byte emitted is a collapsed space
	buf        [utf8.UTFMax]byte
}

// emit appends b, every byte of it mapped to the original range [s, e).
func (w *normWriter) emit(b []byte, s, e int) {
	w.out = append(w.out, b...)
	for range b {
		w.start = append(w.start, int32(s))
		w.end = append(w.end, int32(e))
	}
}

// pushRune folds r and appends it for the original range [s, e), collapsing
// white space into the space emitted before it.
func (w *normWriter) pushRune(r rune, s, e int) {
	r = foldRune(r)
	if r == ' ' {
		if w.space {
			// Extend the collapsed space to cover this white space too.
			w.end[len(w.end)-1] = int32(e)
			return
		}
		w.space = true
		w.emit([]byte{' '}, s, e)
		return
	}
	w.space = false
	if r < utf8.RuneSelf {
		w.buf[0] = byte(r)
		w.emit(w.buf[:1], s, e)
		return
	}
	n := utf8.EncodeRune(w.buf[:], r)
	w.emit(w.buf[:n], s, e)
}

// pushASCII appends the ASCII byte src[i], folded by table.
func (w *normWriter) pushASCII(c byte, i int) {
	f := asciiFold[c]
	if f == ' ' {
		if w.space {
			w.end[len(w.end)-1] = int32(i + 1)
		} else {
			w.space = true
			w.out = append(w.out, ' ')
			w.start = append(w.start, int32(i))
			w.end = append(w.end, int32(i+1))
		}
		return
	}
	w.space = false
	w.out = append(w.out, f)
	w.start = append(w.start, int32(i))
	w.end = append(w.end, int32(i+1))
}

// asciiSegmentAt reports whether src[i] is an ASCII byte that NFKC leaves
// alone: one not followed by a (non-ASCII) combining mark, which the next
// byte being ASCII rules out.
func asciiSegmentAt(src string, i int) bool {
	return src[i] < utf8.RuneSelf && (i+1 == len(src) || src[i+1] < utf8.RuneSelf)
}

// normalize applies, in order: Unicode NFKC; every quotation mark and
// apostrophe (straight or curly, single or double, guillemets) to '"';
// dashes and minus signs to '-'; case folding (per rune, unicode.ToLower);
// runs of white space to one ' '. Invalid UTF-8 bytes become U+FFFD.
// Offsets always fall on segment (hence rune) boundaries of the original.
func normalize(src string) normText {
	w := &normWriter{out: make([]byte, 0, len(src)+len(src)/16)}
	w.start = make([]int32, 0, cap(w.out))
	w.end = make([]int32, 0, cap(w.out))
	var it norm.Iter // reused: each stretch below re-initialises it
	for i := 0; i < len(src); {
		// ASCII fast path.
		if asciiSegmentAt(src, i) {
			w.pushASCII(src[i], i)
			i++
			continue
		}
		// Normalise the stretch up to the next ASCII byte that starts a
		// segment, segment by segment.
		j := i + 1
		for j < len(src) && !asciiSegmentAt(src, j) {
			j++
		}
		w.pushStretch(&it, src, i, j)
		i = j
	}
	return normText{s: string(w.out), start: w.start, end: w.end}
}

// pushStretch normalises the non-ASCII stretch src[i:j]: invalid bytes
// become U+FFFD one by one; each run of valid UTF-8 between them is
// normalised by the NFKC iterator.
func (w *normWriter) pushStretch(it *norm.Iter, src string, i, j int) {
	for k := i; k < j; {
		if r, size := utf8.DecodeRuneInString(src[k:j]); r == utf8.RuneError && size == 1 {
			w.pushRune(utf8.RuneError, k, k+1)
			k++
			continue
		}
		e := k
		for e < j {
			r, size := utf8.DecodeRuneInString(src[e:j])
			if r == utf8.RuneError && size == 1 {
				break
			}
			e += size
		}
		nfkc(it, src, k, e, w.pushRune)
		k = e
	}
}

// nfkc normalises the valid UTF-8 src[from:to] segment by segment, calling
// push with each output rune and the original range of its segment. The
// iterator may return part of a decomposition ("ﬁ" gives "f", then "i")
// without advancing; such runes wait and take the range of the segment that
// completes them. Should the iterator stop advancing altogether (it does on
// some malformed input), the rest is passed through unnormalised rather than
// looping.
func nfkc(it *norm.Iter, src string, from, to int, push func(r rune, s, e int)) {
	it.InitString(norm.NFKC, src[from:to])
	var pending []rune
	for !it.Done() {
		p := it.Pos()
		seg := it.Next()
		q := it.Pos()
		if q <= p {
			if len(seg) == 0 {
				for off := from + p; off < to; {
					r, size := utf8.DecodeRuneInString(src[off:to])
					push(r, off, off+size)
					off += size
				}
				return
			}
			for k := 0; k < len(seg); {
				r, size := utf8.DecodeRune(seg[k:])
				k += size
				pending = append(pending, r)
			}
			continue
		}
		s := from + p
		if len(pending) > 0 {
			for _, r := range pending {
				push(r, s, from+q)
			}
			pending = pending[:0]
		}
		for k := 0; k < len(seg); {
			r, size := utf8.DecodeRune(seg[k:])
			k += size
			push(r, s, from+q)
		}
	}
	for _, r := range pending {
		push(r, from+it.Pos(), from+it.Pos()) // not reached in practice: Done follows an advance
	}
}

// foldRune maps one rune of NFKC output to its comparison form.
func foldRune(r rune) rune {
	switch r {
	case '\'', '‘', '’', '‚', '‛', '′', '`', '´', '“', '”', '„', '‟', '″', '«', '»', '‹', '›':
		// Every quotation mark and apostrophe compares equal: a quotation
		// nested in a quotation turns double marks into single ones.
		return '"'
	case '‐', '‑', '‒', '–', '—', '―', '−', '﹘', '﹣', '－':
		return '-'
	}
	if r < utf8.RuneSelf {
		switch {
		case r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f':
			return ' '
		case 'A' <= r && r <= 'Z':
			return r + ('a' - 'A')
		}
		return r
	}
	if unicode.IsSpace(r) {
		return ' '
	}
	return unicode.ToLower(r)
}

// origRange maps the normalised byte range [ns, ne) back to the original.
func (n *normText) origRange(ns, ne int) (int, int) {
	if ne <= ns {
		if ns < len(n.start) {
			return int(n.start[ns]), int(n.start[ns])
		}
		last := int32(0)
		if len(n.end) > 0 {
			last = n.end[len(n.end)-1]
		}
		return int(last), int(last)
	}
	return int(n.start[ns]), int(n.end[ne-1])
}

// normOffset returns the first normalised byte whose original start is at or
// after orig (len(n.s) when none is).
func (n *normText) normOffset(orig int) int {
	lo, hi := 0, len(n.start)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if int(n.start[m]) < orig {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// asciiFold is foldRune for ASCII bytes, as a table.
var asciiFold = func() (t [utf8.RuneSelf]byte) {
	for c := range t {
		t[c] = byte(foldRune(rune(c)))
	}
	return t
}()
