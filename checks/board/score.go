package board

import (
	"sort"
	"strings"
)

// itemSet is the items of a text with what matching reads of them: each
// item's headline words and, on first use, its lower-cased body; and an
// index from a word to the items whose body holds it, so that a posted
// finding is scored against the items that share a word with it only.
type itemSet struct {
	text  string
	list  []item
	heads []map[string]bool
	low   []string // lower-cased bodies, "" until needed
	index map[string][]int
	mark  []uint32 // mark[i] == gen: item i is already a candidate
	gen   uint32
}

func newItemSet(text string, items []item) *itemSet {
	s := &itemSet{text: text, list: items, heads: make([]map[string]bool, len(items)), low: make([]string, len(items)),
		index: map[string][]int{}, mark: make([]uint32, len(items))}
	for i, it := range items {
		s.heads[i] = wordSet(text[it.head.Start:it.head.End])
		for w := range it.words {
			s.index[w] = append(s.index[w], i)
		}
	}
	return s
}

// candidates returns the items that share a title, category or citation
// word with p, in order, each once.
func (s *itemSet) candidates(p posted) []int {
	s.gen++
	var out []int
	add := func(w string) {
		for _, i := range s.index[w] {
			if s.mark[i] != s.gen {
				s.mark[i] = s.gen
				out = append(out, i)
			}
		}
	}
	for _, w := range p.words {
		add(w)
	}
	for _, w := range p.cat {
		add(w)
	}
	for _, l := range p.locs {
		for _, w := range contentWords(l) {
			add(w)
		}
	}
	sort.Ints(out)
	return out
}

// score is how well item i presents the posted finding p: the share of
// p's title words its headline holds, plus bodyWeight for each other one
// its body holds when the item has its own rating (a section heading's
// body holds every finding); plus citeWeight when its body names a
// citation's location, catWeight when it names the category.
func (s *itemSet) score(p posted, i int) float64 {
	it := &s.list[i]
	var sc float64
	if len(p.words) > 0 {
		var h, b float64
		for _, w := range p.words {
			if s.heads[i][w] {
				h++
			} else if it.rated && it.words[w] {
				b++
			}
		}
		sc = (h + bodyWeight*b) / float64(len(p.words))
	}
	if len(p.locs) == 0 && len(p.cat) == 0 {
		return sc
	}
	if s.low[i] == "" {
		s.low[i] = strings.ToLower(s.text[it.body.Start:it.body.End])
	}
	for _, l := range p.locs {
		if strings.Contains(s.low[i], l) {
			sc += citeWeight
			break
		}
	}
	if len(p.cat) > 0 && strings.Contains(s.low[i], strings.Join(p.cat, " ")) {
		sc += catWeight
	}
	return sc
}

// headScore is the share of p's title words item i's headline holds.
func (s *itemSet) headScore(p posted, i int) float64 {
	if len(p.words) == 0 {
		return 0
	}
	n := 0
	for _, w := range p.words {
		if s.heads[i][w] {
			n++
		}
	}
	return float64(n) / float64(len(p.words))
}

// best returns the unmatched item that best presents p, and its score; a
// rated item wins a tie over one without a rating. With presented set,
// only rated items outside advice sections count (the finding itself, not
// the recommendation that answers it).
func (s *itemSet) best(p posted, matched []bool, presented bool) (int, float64) {
	best, bs := -1, 0.0
	for _, i := range s.candidates(p) {
		it := s.list[i]
		if matched[i] || presented && (!it.rated || it.advice) {
			continue
		}
		sc := s.score(p, i)
		if sc > bs || sc == bs && best >= 0 && it.rated && !s.list[best].rated {
			best, bs = i, sc
		}
	}
	return best, bs
}

// postedIndex maps a word to the posted findings whose title, category or
// citation holds it.
type postedIndex map[string][]int

func newPostedIndex(board []posted) postedIndex {
	x := postedIndex{}
	for i, p := range board {
		ws := append(append([]string(nil), p.words...), p.cat...)
		for _, l := range p.locs {
			ws = append(ws, contentWords(l)...)
		}
		for _, w := range ws {
			if l := x[w]; len(l) == 0 || l[len(l)-1] != i {
				x[w] = append(l, i)
			}
		}
	}
	return x
}

// bestPosted returns the best score item i has for any posted finding.
func (s *itemSet) bestPosted(i int, board []posted, x postedIndex) float64 {
	bs := 0.0
	seen := map[int]bool{}
	for w := range s.list[i].words {
		for _, pi := range x[w] {
			if !seen[pi] {
				seen[pi] = true
				bs = max(bs, s.score(board[pi], i))
			}
		}
	}
	return bs
}
