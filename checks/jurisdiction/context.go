package jurisdiction

import (
	"sort"
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// use is what a mention of a jurisdiction says in its sentence: the law
// that governs, the forum that hears disputes, or neither.
type use uint8

const (
	useNone use = iota
	useLaw
	useForum
)

// sentenceReach bounds how far from a mention its sentence is read.
const sentenceReach = 300

// window is a sentence around a mention, as lower-cased words.
type window struct {
	start, end int
	all        []string // the sentence's words
	preceding  []string // the words before the mention, in order
	after      []string // the words after the mention
}

// before returns the k-th word before the mention, nearest first (0 is
// the word right before it), or "".
func (w window) before(k int) string {
	if k >= len(w.preceding) {
		return ""
	}
	return w.preceding[len(w.preceding)-1-k]
}

// anyBefore reports whether one of the words from the from-th to the
// to-th before the mention (nearest first, to excluded) is in m.
func (w window) anyBefore(from, to int, m map[string]bool) bool {
	for k := from; k < to && k < len(w.preceding); k++ {
		if m[w.before(k)] {
			return true
		}
	}
	return false
}

// reader reads the sentences of one text as words, each sentence once
// however many mentions it holds.
type reader struct {
	text     string
	cache    map[int]*sentence // by start
	mentions []mention         // every term of the table the text holds (allRoles)
}

// allRoles are every role a term may have.
const allRoles = roleName | roleAdj | roleCourt | roleCity | roleStatute

// sentence is one sentence of a text as words.
type sentence struct {
	end   int
	words []string // lower-cased
	spans []doctext.Span
}

// newReader reads text, whose words are ws, with the terms of t.
func newReader(t *table, text string, ws []doctext.Span) *reader {
	return &reader{text: text, cache: map[int]*sentence{}, mentions: t.mentions(text, ws, allRoles)}
}

// having returns the mentions with a role in want.
func (r *reader) having(want role) []mention {
	var out []mention
	for _, m := range r.mentions {
		if m.roles&want != 0 {
			out = append(out, m)
		}
	}
	return out
}

// windowOf returns the sentence around m, read as words.
func (r *reader) windowOf(m mention) window {
	s, e := doctext.SentenceAround(r.text, m.start, m.end, sentenceReach)
	sen := r.cache[s]
	if sen == nil || sen.end != e {
		spans := doctext.WordSpans(r.text[s:e])
		sen = &sentence{end: e, words: make([]string, len(spans)), spans: spans}
		for i, w := range spans {
			sen.words[i] = lowerWord(r.text[s+w.Start : s+w.End])
			spans[i] = doctext.Span{Start: s + w.Start, End: s + w.End}
		}
		r.cache[s] = sen
	}
	bi := sort.Search(len(sen.spans), func(i int) bool { return sen.spans[i].Start >= m.start })
	ai := sort.Search(len(sen.spans), func(i int) bool { return sen.spans[i].Start >= m.end })
	return window{start: s, end: e, all: sen.words, preceding: sen.words[:bi], after: sen.words[ai:]}
}

// lowerWord returns w lower-cased, without allocating when it already is.
func lowerWord(w string) string {
	for i := 0; i < len(w); i++ {
		if c := w[i]; c >= 'A' && c <= 'Z' || c >= 0x80 {
			return strings.ToLower(w)
		}
	}
	return w
}

// lowerWords returns the words of s, lower-cased.
func lowerWords(s string) []string {
	ws := doctext.WordSpans(s)
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = strings.ToLower(s[w.Start:w.End])
	}
	return out
}

// The cue words: what a word of law, of courts, or of a party's seat next
// to a jurisdiction makes of it.
var (
	lawCue   = set("law", "laws", "legislation", "legal", "statute", "statutes", "statutory", "governed")
	forumCue = set("court", "courts", "tribunal", "tribunals", "judge", "judges", "jurisdiction", "jurisdictions",
		"venue", "forum", "seat", "seated", "sitting", "arbitration", "arbitral", "arbitrated", "litigated",
		"litigation", "heard", "brought", "proceedings")
	// partyCue: "a company incorporated under the laws of Delaware", "with
	// offices in London": where a party is, not what governs.
	partyCue = set("incorporated", "organized", "organised", "existing", "registered", "formed", "headquartered",
		"based", "offices", "office", "address", "resident", "residing", "domiciled", "citizen", "citizens",
		"national", "nationals", "subsidiary", "branch", "company", "corporation", "entity", "established")
	lawAnchor   = set("govern", "governs", "governed", "governing", "construed", "interpreted", "choice", "chosen", "chooses")
	forumAnchor = set("jurisdiction", "venue", "forum", "seat", "seated", "arbitration", "arbitral", "dispute", "disputes",
		"proceedings", "litigation", "litigated", "courts", "court", "submit", "submits", "brought", "heard", "resolved", "settled")
	strongForumAnchor = set("jurisdiction", "venue", "forum", "arbitration", "arbitral", "dispute", "disputes",
		"proceedings", "litigation", "litigated", "submit", "submits")
)

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// maxCueDistance is how many words before a mention a cue of law or
// courts may stand; maxPartyDistance, a cue of a party's seat ("whose
// registered office is at Industriestraße 14, 73037 Göppingen, Germany").
const (
	maxCueDistance   = 5
	maxPartyDistance = 10
)

// useOf says what m means in its sentence w: a court is a forum; a word
// of law or courts right after ("English law", "New York courts") or, of
// the words before it, the nearest cue ("the laws of", "the courts
// located in", "incorporated in") decides; a name with no cue takes the
// sentence's anchor when it has only one ("This Agreement is governed by
// Germany's ..."). An adjective or a city needs a cue.
func useOf(m mention, w window) use {
	u, _ := useCued(m, w)
	return u
}

// useCued is useOf, and whether a cue decided it (a court, a word of law
// or courts next to the mention) rather than the sentence's anchor alone.
func useCued(m mention, w window) (use, bool) {
	if m.roles&roleCourt != 0 {
		return useForum, true
	}
	if len(w.after) > 0 {
		switch {
		case lawCue[w.after[0]] && m.roles&roleCity == 0:
			return useLaw, true
		case forumCue[w.after[0]]:
			return useForum, true
		}
	}
	for i := 0; i < maxPartyDistance && i < len(w.preceding); i++ {
		b := w.before(i)
		if partyCue[b] {
			return useNone, false
		}
		if i >= maxCueDistance {
			continue
		}
		switch {
		case lawCue[b]:
			if m.roles&roleCity != 0 || w.anyBefore(i+1, i+4, partyCue) {
				return useNone, false // "incorporated under the laws of Delaware"
			}
			return useLaw, true
		case forumCue[b]:
			return useForum, true
		}
	}
	if m.roles&roleName == 0 && m.roles&roleCity == 0 {
		return useNone, false // an adjective alone ("the English version") says nothing
	}
	// With no cue, only a sentence that is plainly about one of the two
	// decides: "court" or "seat" alone may be a party's registry or a
	// licence seat.
	law, forum := anyIn(w.all, lawAnchor), anyIn(w.all, strongForumAnchor)
	switch {
	case m.roles&roleCity != 0:
		if forum {
			return useForum, false
		}
	case law && !forum && !anyIn(w.all, forumCue):
		return useLaw, false
	case forum && !law && !anyIn(w.all, lawCue):
		return useForum, false
	}
	return useNone, false
}

// anyIn reports whether one of words is in m.
func anyIn(words []string, m map[string]bool) bool {
	for _, w := range words {
		if m[w] {
			return true
		}
	}
	return false
}

// anchored reports whether the sentence w is about the law that governs
// (for useLaw) or the forum of disputes (for useForum), so that a mention
// with that use there states it.
func anchored(w window, u use) bool {
	switch u {
	case useLaw:
		return anyIn(w.all, lawAnchor) || hasPhrase(w.all, "choice", "of", "law") || hasPhrase(w.all, "applicable", "law") ||
			hasPhrase(w.all, "proper", "law") || hasPhrase(w.all, "subject", "to") || anyIn(w.after, applyWords) || underLaw(w.all)
	case useForum:
		return anyIn(w.all, forumAnchor)
	}
	return false
}

// underLaw reports whether words put something under a law with a verb
// of being: "The agreement is under the law of Scotland", "The rules
// stay under …", "it remains under English law". "Under English law, a
// consumer may …" states a rule's effect, not what governs the text.
func underLaw(words []string) bool {
	for _, v := range [...]string{"is", "are", "stays", "stay", "remains", "remain"} {
		if hasPhrase(words, v, "under") {
			return true
		}
	}
	return false
}

// applyWords after a law make it the law that applies ("The laws of
// Ontario apply to this agreement").
var applyWords = set("apply", "applies")

// hasPhrase reports whether words holds the phrase p, word by word.
func hasPhrase(words []string, p ...string) bool {
	for i := 0; i+len(p) <= len(words); i++ {
		match := true
		for k := range p {
			if words[i+k] != p[k] {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}
