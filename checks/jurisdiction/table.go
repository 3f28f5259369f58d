package jurisdiction

import (
	_ "embed"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/evalopt/evalopt/checks/internal/clip"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// defaultTable is the embedded jurisdiction table (jurisdictions.txt).
//
//go:embed jurisdictions.txt
var defaultTable string

// DefaultTable returns the text of the default jurisdiction table, in the
// format Config.Table takes: a caller copies it, adds what its contracts
// name, and passes the result.
func DefaultTable() string { return defaultTable }

// maxTableBytes bounds a table given in Config.Table.
const maxTableBytes = 1 << 20

// role is what a term of the table names.
type role uint8

const (
	roleName    role = 1 << iota // the jurisdiction's name
	roleAdj                      // its adjective: counts next to a word of law or courts
	roleCourt                    // a court of it: always a forum
	roleCity                     // a seat of courts: a forum only
	roleStatute                  // a statute, code or regulation of it
)

// place is one jurisdiction of the table.
type place struct {
	id, name string
	parent   int  // index in table.places, -1 for none
	city     bool // a seat of courts (role city)
}

// term is one term of the table, as words.
type term struct {
	words []string // as written in the table
	lower []string // lower-cased
	role  role
	place int
}

// node is a node of the word trie the matcher walks.
type node struct {
	next  map[string]*node
	terms []int // indices in table.terms of the terms ending here
}

// table is a parsed jurisdiction table. It is immutable once built.
type table struct {
	places []place
	terms  []term
	root   node
	shared [][2]int // pairs of places that share a term (parseTable checks they are related)
	// plainFirst holds the first words of the terms whose first word is not
	// capitalised ("federal", "mainland", "23"): a word of a text that
	// starts with a lower-case letter or a digit can only start one of
	// those, which spares the matcher most words.
	plainFirst map[string]bool
}

// parseTable parses a table in the format of jurisdictions.txt. Errors
// name the line ("Table: line 12: ...").
func parseTable(src string) (*table, error) {
	if len(src) > maxTableBytes {
		return nil, doctext.ConfigError("Config.Table", "%d bytes, more than the limit of %d", len(src), maxTableBytes)
	}
	p := &tableParser{t: &table{}, byID: map[string]int{}, cur: -1}
	for n, line := range strings.Split(src, "\n") {
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		var err error
		if line[0] != ' ' && line[0] != '\t' {
			err = p.header(trimmed, n+1)
		} else {
			err = p.terms(trimmed)
		}
		if err != nil {
			return nil, doctext.ConfigError("Config.Table", "line %d: %v", n+1, err)
		}
	}
	return p.finish()
}

// tableParser holds a table while parseTable reads it.
type tableParser struct {
	t       *table
	byID    map[string]int
	parents []pendingParent
	cur     int // the jurisdiction whose terms follow, -1 before the first
}

// pendingParent is a parent named before it may be defined.
type pendingParent struct {
	child, parent string
	line          int
}

// header reads "id < parent = Name" or "id = Name".
func (p *tableParser) header(s string, line int) error {
	head, name, ok := strings.Cut(s, "=")
	id, parent, hasParent := strings.Cut(head, "<")
	id, parent, name = strings.TrimSpace(id), strings.TrimSpace(parent), strings.TrimSpace(name)
	if !ok || id == "" || name == "" || strings.ContainsAny(id, " \t") || hasParent && parent == "" {
		return fmt.Errorf("want \"id < parent = Name\" or \"id = Name\", got %q", clipped(s))
	}
	if _, dup := p.byID[id]; dup {
		return fmt.Errorf("jurisdiction %q defined twice", id)
	}
	p.byID[id] = len(p.t.places)
	p.t.places = append(p.t.places, place{id: id, name: name, parent: -1})
	p.cur = len(p.t.places) - 1
	if hasParent {
		p.parents = append(p.parents, pendingParent{id, parent, line})
	}
	return nil
}

// terms reads "role: term; term" for the current jurisdiction; a city
// becomes a jurisdiction inside it.
func (p *tableParser) terms(s string) error {
	if p.cur < 0 {
		return fmt.Errorf("terms before the first jurisdiction")
	}
	key, list, ok := strings.Cut(s, ":")
	r, known := roles[strings.TrimSpace(key)]
	if !ok || !known {
		return fmt.Errorf("want \"role: term; term\" with a role of name, adj, court, city, statute, got %q", clipped(s))
	}
	t := p.t
	for _, raw := range strings.Split(list, ";") {
		raw = strings.TrimSpace(raw)
		if raw == "" {
			continue
		}
		at := p.cur
		if r == roleCity {
			at = len(t.places)
			t.places = append(t.places, place{id: t.places[p.cur].id + "/" + raw, name: raw, parent: p.cur, city: true})
		}
		if err := t.add(raw, r, at); err != nil {
			return err
		}
	}
	return nil
}

// finish links the parents and checks the table as a whole: every parent
// defined, no cycle, a shared term only between related jurisdictions.
func (p *tableParser) finish() (*table, error) {
	t := p.t
	for _, pp := range p.parents {
		pi, ok := p.byID[pp.parent]
		if !ok {
			return nil, doctext.ConfigError("Config.Table", "line %d: parent %q of %q is not defined", pp.line, pp.parent, pp.child)
		}
		t.places[p.byID[pp.child]].parent = pi
	}
	for i := range t.places {
		if t.depth(i) < 0 {
			return nil, doctext.ConfigError("Config.Table", "jurisdiction %q: its parents form a cycle", t.places[i].id)
		}
	}
	for _, sh := range t.shared {
		if !t.related(sh[0], sh[1]) {
			return nil, doctext.ConfigError("Config.Table", "a term names both %s and %s, which are not one inside the other", t.places[sh[0]].id, t.places[sh[1]].id)
		}
	}
	t.shared = nil
	if len(t.terms) == 0 {
		return nil, doctext.ConfigError("Config.Table", "no terms")
	}
	return t, nil
}

var roles = map[string]role{"name": roleName, "adj": roleAdj, "court": roleCourt, "city": roleCity, "statute": roleStatute}

// add adds one term to the trie. Two jurisdictions may not share a term.
func (t *table) add(raw string, r role, at int) error {
	words := wordsOf(raw)
	if len(words) == 0 {
		return fmt.Errorf("term %q has no word", clipped(raw))
	}
	if len(words) > maxTermWords {
		return fmt.Errorf("term %q has more than %d words", clipped(raw), maxTermWords)
	}
	n := &t.root
	lower := make([]string, len(words))
	for i, w := range words {
		lower[i] = strings.ToLower(w)
		if n.next == nil {
			n.next = map[string]*node{}
		}
		c := n.next[lower[i]]
		if c == nil {
			c = &node{}
			n.next[lower[i]] = c
		}
		n = c
	}
	for _, ti := range n.terms {
		if o := t.terms[ti].place; o != at {
			t.shared = append(t.shared, [2]int{o, at}) // checked once the parents are known
		}
	}
	if r0, _ := utf8.DecodeRuneInString(words[0]); !unicode.IsUpper(r0) {
		if t.plainFirst == nil {
			t.plainFirst = map[string]bool{}
		}
		t.plainFirst[lower[0]] = true
	}
	n.terms = append(n.terms, len(t.terms))
	t.terms = append(t.terms, term{words: words, lower: lower, role: r, place: at})
	return nil
}

// maxTermWords bounds a term's length, and so the matcher's look-ahead.
const maxTermWords = 12

// depth returns the number of ancestors of i, or -1 when they form a cycle.
func (t *table) depth(i int) int {
	d := 0
	for i = t.places[i].parent; i >= 0; i = t.places[i].parent {
		if d++; d > 16 {
			return -1
		}
	}
	return d
}

// isCity reports whether place i is a seat of courts.
func (t *table) isCity(i int) bool { return t.places[i].city }

// ancestorOf reports whether a is b or one of b's ancestors.
func (t *table) ancestorOf(a, b int) bool {
	for k := 0; b >= 0 && k <= 16; k++ {
		if a == b {
			return true
		}
		b = t.places[b].parent
	}
	return false
}

// related reports whether a and b are compatible: the same jurisdiction,
// or one inside the other (New York inside the United States, Stuttgart
// inside Germany, Germany inside the European Union). Two siblings (New
// York and Delaware, Stuttgart and Munich) are not.
func (t *table) related(a, b int) bool { return t.ancestorOf(a, b) || t.ancestorOf(b, a) }

// relatedToAny reports whether p is related to one of set.
func (t *table) relatedToAny(p int, set []int) bool {
	for _, q := range set {
		if t.related(p, q) {
			return true
		}
	}
	return false
}

// wordsOf splits s into words as the document layer does (letters, digits
// and '_'; "D.C." is two words).
func wordsOf(s string) []string {
	var out []string
	for _, w := range doctext.WordSpans(s) {
		out = append(out, s[w.Start:w.End])
	}
	return out
}

// caseOK reports whether the word w of a text may stand for want, a word
// of the table: a word of capitals only ("US") must be written so, a
// capitalised word must be capitalised, a lower-case word may be written
// any way.
func caseOK(w, want string) bool {
	r, _ := utf8.DecodeRuneInString(want)
	if !unicode.IsUpper(r) {
		return true
	}
	if utf8.RuneCountInString(want) > 1 && strings.ToUpper(want) == want && !hasDigit(want) {
		return w == want
	}
	f, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(f)
}

func hasDigit(s string) bool { return strings.ContainsAny(s, "0123456789") }

// clipped shortens s for an error message.
func clipped(s string) string { return clip.Runes(s, 60) }
