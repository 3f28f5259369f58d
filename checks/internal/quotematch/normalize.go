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

// normalize applies, in order: Unicode NFKC; every quotation mark and
// apostrophe (straight or curly, single or double, guillemets) to '"';
// dashes and minus signs to '-'; case folding (per rune, unicode.ToLower);
// runs of white space to one ' '. Invalid UTF-8 bytes become U+FFFD.
// Offsets always fall on segment (hence rune) boundaries of the original.
func normalize(src string) normText {
	out := make([]byte, 0, len(src)+len(src)/16)
	start := make([]int32, 0, cap(out))
	end := make([]int32, 0, cap(out))
	emit := func(b []byte, s, e int) {
		out = append(out, b...)
		for range b {
			start = append(start, int32(s))
			end = append(end, int32(e))
		}
	}
	space := false // last byte emitted is a collapsed space
	var buf [utf8.UTFMax]byte

	pushRune := func(r rune, s, e int) {
		r = foldRune(r)
		if r == ' ' {
			if space {
				// Extend the collapsed space to cover this white space too.
				end[len(end)-1] = int32(e)
				return
			}
			space = true
			emit([]byte{' '}, s, e)
			return
		}
		space = false
		if r < utf8.RuneSelf {
			buf[0] = byte(r)
			emit(buf[:1], s, e)
			return
		}
		n := utf8.EncodeRune(buf[:], r)
		emit(buf[:n], s, e)
	}

	var it norm.Iter // reused: each stretch below re-initialises it
	for i := 0; i < len(src); {
		// ASCII fast path: NFKC leaves ASCII alone unless a combining mark
		// follows, which the next byte being ASCII rules out.
		if c := src[i]; c < utf8.RuneSelf && (i+1 == len(src) || src[i+1] < utf8.RuneSelf) {
			f := asciiFold[c]
			if f == ' ' {
				if space {
					end[len(end)-1] = int32(i + 1)
				} else {
					space = true
					out = append(out, ' ')
					start = append(start, int32(i))
					end = append(end, int32(i+1))
				}
			} else {
				space = false
				out = append(out, f)
				start = append(start, int32(i))
				end = append(end, int32(i+1))
			}
			i++
			continue
		}
		// Normalise the stretch up to the next ASCII byte that starts a
		// segment, segment by segment.
		j := i + 1
		for j < len(src) && !(src[j] < utf8.RuneSelf && (j+1 == len(src) || src[j+1] < utf8.RuneSelf)) {
			j++
		}
		// Invalid bytes become U+FFFD one by one; each run of valid UTF-8
		// between them is normalised by the NFKC iterator.
		for k := i; k < j; {
			if r, size := utf8.DecodeRuneInString(src[k:j]); r == utf8.RuneError && size == 1 {
				pushRune(utf8.RuneError, k, k+1)
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
			nfkc(&it, src, k, e, pushRune)
			k = e
		}
		i = j
	}
	return normText{s: string(out), start: start, end: end}
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
