package jurisdiction

import (
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
	start, end    int
	before, after []string // the words before and after the mention, nearest first for before
	all           []string
}

// windowOf returns the sentence around m in text, read as words.
func windowOf(text string, m mention) window {
	s, e := doctext.SentenceAround(text, m.start, m.end, sentenceReach)
	w := window{start: s, end: e}
	w.before = lowerWords(text[s:m.start])
	for i, j := 0, len(w.before)-1; i < j; i, j = i+1, j-1 {
		w.before[i], w.before[j] = w.before[j], w.before[i]
	}
	w.after = lowerWords(text[m.end:e])
	w.all = lowerWords(text[s:e])
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
	for i, b := range w.before {
		if i >= maxPartyDistance {
			break
		}
		if partyCue[b] {
			return useNone, false
		}
		if i >= maxCueDistance {
			continue
		}
		switch {
		case lawCue[b]:
			if m.roles&roleCity != 0 || anyIn(w.before[i+1:min(len(w.before), i+4)], partyCue) {
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
			hasPhrase(w.all, "proper", "law") || hasPhrase(w.all, "subject", "to") || anyIn(w.after, applyWords)
	case useForum:
		return anyIn(w.all, forumAnchor)
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
