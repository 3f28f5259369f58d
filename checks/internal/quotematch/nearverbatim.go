package quotematch

import (
	"slices"
	"sort"
)

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
	anchors := x.anchors(q)
	if len(anchors) == 0 {
		return 0, 0, 0
	}
	diags := x.diagonals(q, anchors, from)
	slices.Sort(diags)
	// Cluster the diagonals into groups no wider than 2*slack: insertions and
	// deletions shift the diagonal a little, and the width bound keeps a
	// chain of common-word hits from forming one document-long window.
	slack := min(max(2, m/4), maxSlack)
	best, bs, be = -1, 0, 0
	for _, c := range topClusters(diags, slack) {
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

// anchor is a distinct quote token present in the source, with its
// document frequency.
type anchor struct {
	id uint32
	df int
}

// anchors returns the distinct tokens of q present in the source, rarest
// first (lower id on ties), at most maxAnchors of them.
func (x *Index) anchors(q []uint32) []anchor {
	var anchors []anchor
	seen := map[uint32]bool{}
	for _, id := range q {
		if id == noID || seen[id] {
			continue
		}
		seen[id] = true
		anchors = append(anchors, anchor{id, len(x.post[id])})
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
	return anchors
}

// diagonals returns the votes of the anchors, unsorted: each occurrence of
// an anchor at source token p (at or after from), for quote position qi,
// votes for the alignment diagonal p-qi.
func (x *Index) diagonals(q []uint32, anchors []anchor, from int) []int {
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
		for _, qi := range anchorPositions(q, a.id, max(1, maxPostings/len(post))) {
			for _, p := range post {
				diags = append(diags, int(p)-qi)
			}
		}
	}
	return diags
}

// anchorPositions returns the positions of id in the quote q; a long quote
// repeating it votes from at most keep evenly spaced ones, so that one
// anchor casts at most about maxPostings votes.
func anchorPositions(q []uint32, id uint32, keep int) []int {
	var qpos []int
	for qi, t := range q {
		if t == id {
			qpos = append(qpos, qi)
		}
	}
	if len(qpos) > keep {
		step := float64(len(qpos)) / float64(keep)
		sampled := qpos[:0]
		for k := 0; k < keep; k++ {
			sampled = append(sampled, qpos[int(float64(k)*step)])
		}
		qpos = sampled
	}
	return qpos
}

// cluster is a run of sorted diagonals [lo, hi] and its number of votes.
type cluster struct{ lo, hi, votes int }

// topClusters groups the sorted diagonals into clusters no wider than
// 2*slack and keeps the maxCandidates with the most votes (earlier first on
// ties) in one pass: there can be thousands of one-vote clusters.
func topClusters(diags []int, slack int) []cluster {
	var cands []cluster
	for i := 0; i < len(diags); {
		j := i
		for j+1 < len(diags) && diags[j+1]-diags[i] <= 2*slack {
			j++
		}
		c := cluster{diags[i], diags[j], j - i + 1}
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
	return cands
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
