package quotematch

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/evalopt/evalopt/internal/textscan"
)

// Verify reports how quote appears in the indexed source.
//
// The quote is split at elisions ("...", "…", ". . .", optionally in square
// brackets) into segments that must appear in order. Each segment is looked
// for, after the previous segment's end: verbatim (Exact), then in the
// normalised texts (Normalized), both only at word boundaries; then as a
// near-verbatim passage (NearVerbatim) whose token similarity reaches the
// threshold and holds every number of the segment (a changed figure is a
// misquote, however similar the words); otherwise the segment, and the
// quote, is Fabricated. Exact and normalised segments of an elided quote
// then move to their last occurrence before the next segment, so the match
// spans the tightest passage.
//
// Similarity is over word tokens (runs of letters and digits of the
// normalised text): with L the longest common subsequence of the segment's m
// tokens and a source passage of n tokens, it is 2L/(m+n), so missing,
// changed and inserted words all lower it. Candidate passages come from an
// inverted index: the segment's rarest tokens in the source vote for
// alignments, and only the best-voted windows are scored, so the cost grows
// with the segment's length and the rarity of its words, not with the size
// of the source.
//
// An error is returned only for a Config field out of range or a quote
// with no word.
func (x *Index) Verify(quote string, cfg Config) (Match, error) {
	threshold, err := cfg.threshold()
	if err != nil {
		return Match{}, err
	}
	raw := splitElisions(quote)
	type part struct {
		raw, norm string
		toks      segTokens
	}
	var parts []part
	for _, r := range raw {
		n := strings.TrimSpace(normalize(r).s)
		toks := x.tokenize(n)
		if len(toks.ids) == 0 {
			continue // punctuation only: nothing to find
		}
		parts = append(parts, part{r, n, toks})
	}
	if len(parts) == 0 {
		return Match{}, ErrEmptyQuote
	}

	m := Match{Kind: Exact, Score: 1, Start: -1, End: -1}
	origFrom := 0
	for _, p := range parts {
		// A fabricated segment leaves origFrom where it was: the next
		// segment must still come after the last one found.
		seg := x.matchSegment(p.raw, p.norm, p.toks, origFrom, threshold)
		if seg.Kind != Fabricated {
			if m.Start < 0 {
				m.Start = seg.Start
			}
			m.End = seg.End
			origFrom = seg.End
		}
		if seg.Kind.rank() > m.Kind.rank() {
			m.Kind = seg.Kind
		}
		m.Score = min(m.Score, seg.Score)
		m.Segments = append(m.Segments, seg)
	}
	if m.Kind == Fabricated {
		m.Start, m.End = -1, -1
		return m, nil
	}
	// Segments were placed at their earliest positions; move each exact or
	// normalised one (last to first) to its last occurrence before the next
	// segment, so the match is the tightest passage, not one that starts at
	// the first "the Customer shall" of the document.
	for i := len(m.Segments) - 2; i >= 0; i-- {
		seg := &m.Segments[i]
		if seg.Kind != Exact && seg.Kind != Normalized {
			continue
		}
		lo := 0
		if i > 0 {
			lo = m.Segments[i-1].End
		}
		p := parts[i]
		if s, e, ok := x.lastSubstring(p.raw, p.norm, p.toks, lo, m.Segments[i+1].Start, seg.Kind == Exact); ok {
			seg.Start, seg.End = s, e
		}
	}
	m.Start = m.Segments[0].Start
	return m, nil
}

// matchSegment finds one segment at or after the original offset from.
func (x *Index) matchSegment(raw, normSeg string, toks segTokens, from int, threshold float64) Segment {
	seg := Segment{Quote: raw, Start: -1, End: -1}
	nfrom := x.norm.normOffset(from)
	if s, e, exact, ok := x.findSubstring(raw, normSeg, toks, from, nfrom); ok {
		seg.Kind, seg.Score, seg.Start, seg.End = Normalized, 1, s, e
		if exact {
			seg.Kind = Exact
		}
		return seg
	}
	score, ts, te := x.nearVerbatim(toks.ids, x.firstTokenAt(nfrom))
	seg.Score = score
	if te > ts {
		seg.Start, seg.End = x.norm.origRange(int(x.toks[ts].ns), int(x.toks[te-1].ne))
	}
	if score >= threshold && x.hasAll(toks.numbers, ts, te) {
		seg.Kind = NearVerbatim
	} else {
		seg.Kind = Fabricated
	}
	return seg
}

// findSubstring looks for the segment as a substring of the source at or
// after the original offset from (normalised offset nfrom), starting and
// ending at word boundaries. It returns the first verbatim occurrence
// (exact) or, when there is none, the first normalised one, as original
// offsets.
func (x *Index) findSubstring(raw, normSeg string, toks segTokens, from, nfrom int) (s, e int, exact, ok bool) {
	x.occurrences(raw, normSeg, toks, from, nfrom, func(os, oe int, verbatim bool) bool {
		if verbatim {
			s, e, exact, ok = os, oe, true, true
			return false // the first verbatim occurrence wins
		}
		if !ok {
			s, e, ok = os, oe, true
		}
		return true
	})
	return s, e, exact, ok
}

// lastSubstring returns the last occurrence of the segment in [from, limit)
// that is verbatim (when exact) or merely normalised (when not).
func (x *Index) lastSubstring(raw, normSeg string, toks segTokens, from, limit int, exact bool) (s, e int, ok bool) {
	x.occurrences(raw, normSeg, toks, from, x.norm.normOffset(from), func(os, oe int, verbatim bool) bool {
		if oe > limit {
			return false
		}
		if verbatim || !exact {
			s, e, ok = os, oe, true
		}
		return true
	})
	return s, e, ok
}

// occurrences calls f, in source order, for every occurrence of the
// normalised segment at or after the original offset from (normalised
// offset nfrom) that starts and ends at word boundaries, with its original
// range and whether the original text there is the raw segment verbatim; f
// returns false to stop. Candidates come from the postings of the segment's
// rarest token, so the cost is that token's frequency, not the size of the
// source.
func (x *Index) occurrences(raw, normSeg string, toks segTokens, from, nfrom int, f func(os, oe int, verbatim bool) bool) {
	r := x.rarest(toks)
	if r < 0 {
		return
	}
	first, _ := utf8.DecodeRuneInString(normSeg)
	last, _ := utf8.DecodeLastRuneInString(normSeg)
	hay := x.norm.s
	post := x.post[toks.ids[r]]
	lo := sort.Search(len(post), func(i int) bool { return int(x.toks[post[i]].ns) >= nfrom+toks.offs[r] })
	for _, p := range post[lo:] {
		ns := int(x.toks[p].ns) - toks.offs[r]
		ne := ns + len(normSeg)
		if ns < nfrom || ne > len(hay) || hay[ns:ne] != normSeg {
			continue
		}
		if textscan.IsAlnum(first) && ns > 0 && textscan.IsAlnum(lastRune(hay[:ns])) {
			continue
		}
		if textscan.IsAlnum(last) && ne < len(hay) && textscan.IsAlnum(firstRune(hay[ne:])) {
			continue
		}
		os, oe := x.norm.origRange(ns, ne)
		if os < from {
			continue
		}
		if !f(os, oe, x.src[os:oe] == raw) {
			return
		}
	}
}

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

// splitElisions splits a quote at "...", "…" and ". . ." (each optionally
// inside square brackets) and trims each piece; empty pieces are dropped.
func splitElisions(q string) []string {
	var out []string
	add := func(s string) {
		s = strings.TrimSpace(s)
		s = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(s, "]"), "["))
		if s != "" {
			out = append(out, s)
		}
	}
	start := 0
	for i := 0; i < len(q); {
		n := elisionAt(q, i)
		if n == 0 {
			i++
			continue
		}
		add(q[start:i])
		i += n
		start = i
	}
	add(q[start:])
	return out
}

// elisionAt returns the byte length of an elision marker at i, or 0.
func elisionAt(q string, i int) int {
	if strings.HasPrefix(q[i:], "…") {
		return len("…")
	}
	if strings.HasPrefix(q[i:], "...") {
		n := 3
		for i+n < len(q) && q[i+n] == '.' {
			n++ // "...." is one elision too
		}
		return n
	}
	if strings.HasPrefix(q[i:], ". . .") {
		return len(". . .")
	}
	return 0
}
