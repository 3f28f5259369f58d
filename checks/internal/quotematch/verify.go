package quotematch

import (
	"slices"
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

// Candidate selection limits: how many of the segment's rarest tokens vote,
// how many postings one anchor may contribute, and how many windows are
// scored.
const (
	maxAnchors    = 8
	maxPostings   = 4096
	maxCandidates = 8
	// maxSlack bounds how far, in tokens, a passage may drift from the
	// alignment its anchors voted for; it keeps long quotes linear.
	maxSlack = 48
)

// nearVerbatim returns the best similarity of the segment tokens q against a
// source passage starting at or after token from, and that passage's token
// range [ts, te).
func (x *Index) nearVerbatim(q []uint32, from int) (best float64, bs, be int) {
	m := len(q)
	// Anchors: distinct quote tokens present in the source, rarest first.
	type anchor struct {
		id uint32
		df int
	}
	var anchors []anchor
	seen := map[uint32]bool{}
	for _, id := range q {
		if id == noID || seen[id] {
			continue
		}
		seen[id] = true
		anchors = append(anchors, anchor{id, len(x.post[id])})
	}
	if len(anchors) == 0 {
		return 0, 0, 0
	}
	sort.Slice(anchors, func(i, j int) bool {
		if anchors[i].df != anchors[j].df {
			return anchors[i].df < anchors[j].df
		}
		return anchors[i].id < anchors[j].id
	})
	if len(anchors) > maxAnchors {
		anchors = anchors[:maxAnchors]
	}
	// Each occurrence of an anchor at source token p, for quote position qi,
	// votes for the alignment diagonal p-qi.
	var diags []int
	for _, a := range anchors {
		post := x.post[a.id]
		lo := sort.Search(len(post), func(i int) bool { return int(post[i]) >= from })
		post = post[lo:]
		if len(post) > maxPostings {
			post = post[:maxPostings]
		}
		if len(post) == 0 {
			continue // no occurrence after from
		}
		// The anchor's positions in the quote; a long quote repeating it
		// votes from evenly spaced ones so that one anchor casts at most
		// about maxPostings votes.
		var qpos []int
		for qi, id := range q {
			if id == a.id {
				qpos = append(qpos, qi)
			}
		}
		if keep := max(1, maxPostings/len(post)); len(qpos) > keep {
			step := float64(len(qpos)) / float64(keep)
			sampled := qpos[:0]
			for k := 0; k < keep; k++ {
				sampled = append(sampled, qpos[int(float64(k)*step)])
			}
			qpos = sampled
		}
		for _, qi := range qpos {
			for _, p := range post {
				diags = append(diags, int(p)-qi)
			}
		}
	}
	slices.Sort(diags)
	// Cluster the diagonals into groups no wider than 2*slack: insertions and
	// deletions shift the diagonal a little, and the width bound keeps a
	// chain of common-word hits from forming one document-long window.
	slack := min(max(2, m/4), maxSlack)
	// Keep the maxCandidates clusters with the most votes (earlier first on
	// ties) in one pass: there can be thousands of one-vote clusters.
	type cand struct{ lo, hi, votes int }
	var cands []cand
	for i := 0; i < len(diags); {
		j := i
		for j+1 < len(diags) && diags[j+1]-diags[i] <= 2*slack {
			j++
		}
		c := cand{diags[i], diags[j], j - i + 1}
		i = j + 1
		if len(cands) == maxCandidates && c.votes <= cands[len(cands)-1].votes {
			continue
		}
		k := len(cands)
		if k < maxCandidates {
			cands = append(cands, c)
		} else {
			k--
		}
		for k > 0 && cands[k-1].votes < c.votes {
			cands[k] = cands[k-1]
			k--
		}
		cands[k] = c
	}
	best, bs, be = -1, 0, 0
	for _, c := range cands {
		ws := max(from, c.lo-slack)
		we := min(len(x.toks), c.hi+m+slack)
		if ws >= we {
			continue
		}
		// Quote token i may align with window token j when j-i is within
		// the cluster's diagonals widened by slack.
		score, s, e := x.align(q, ws, we, c.lo-ws-slack, c.hi-ws+slack)
		if score > best || (score == best && s < bs) {
			best, bs, be = score, s, e
		}
	}
	if best < 0 {
		return 0, 0, 0
	}
	return best, bs, be
}

// align scores q against the source tokens [ws, we), letting quote token i
// (0-based) match window token j only when bandLo <= j-i <= bandHi, so the
// cost is len(q) times the band width, not len(q) times the window. For
// every end it takes the longest common subsequence of q and a passage
// ending there, with the latest start among equally long ones, and returns
// the best 2L/(m+n) and that passage.
func (x *Index) align(q []uint32, ws, we, bandLo, bandHi int) (best float64, bs, be int) {
	n := we - ws
	m := len(q)
	// One row, updated in place: dp[j] is the LCS of q[:i] and w[:j] using
	// in-band matches; st[j] is the window index of its first match. Cells
	// left of row i's band keep row i-1's values, which are row i's too.
	dp := make([]int32, n+1)
	st := make([]int32, n+1)
	for i := 1; i <= m; i++ {
		jlo := max(1, i+bandLo)
		jhi := min(n, i+bandHi)
		if jlo > n {
			break // the band has left the window
		}
		if jlo > jhi+1 {
			continue
		}
		diag, diagS := dp[jlo-1], st[jlo-1] // row i-1 at j-1
		for j := jlo; j <= min(n, jhi+1); j++ {
			up, upS := dp[j], st[j]
			v, s := up, upS
			if l := dp[j-1]; l > v || (l == v && st[j-1] > s) {
				v, s = l, st[j-1]
			}
			if j <= jhi && q[i-1] == x.toks[ws+j-1].id {
				d, ds := diag+1, diagS
				if diag == 0 {
					ds = int32(j - 1)
				}
				if d > v || (d == v && ds > s) {
					v, s = d, ds
				}
			}
			diag, diagS = up, upS
			dp[j], st[j] = v, s
		}
	}
	best = -1
	for j := 1; j <= n; j++ {
		l := dp[j]
		if l == 0 || dp[j-1] == l {
			continue // the passage ends at the last matched token
		}
		span := j - int(st[j])
		score := 2 * float64(l) / float64(m+span)
		if score > best {
			best, bs, be = score, ws+int(st[j]), ws+j
		}
	}
	if best < 0 {
		return 0, ws, ws
	}
	return best, bs, be
}
