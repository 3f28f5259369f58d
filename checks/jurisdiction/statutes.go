package jurisdiction

import (
	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

var underWord = set("under")

// reasonWords are the words with which a text says why a statute of
// another jurisdiction applies: where the people it protects are, a rule
// no choice of law can exclude, a comparison, a hypothesis.
var reasonWords = set("because", "since", "located", "resident", "residents", "reside", "based", "established",
	"subjects", "individuals", "consumers", "consumer", "employees", "staff", "users", "offer", "offers", "offering",
	"monitor", "monitoring", "extraterritorial", "extra", "mandatory", "regardless", "irrespective", "notwithstanding",
	"overriding", "excludable", "override", "overrides", "compare", "compared", "comparison", "contrast", "unlike",
	"whereas", "equivalent", "counterpart", "analogue", "analogous", "similar", "mirrors", "mirror", "cross", "border",
	"transfer", "transfers", "transferred", "if", "were", "would", "could", "might", "whether", "targets", "targeting",
	"targeted", "citizens", "nationals", "operate", "operates", "operations", "establishment", "market", "markets",
	"sold", "sell", "sells", "selling", "supply", "supplies", "export", "exports", "exported", "imported", "imports")

// statuteUse is a statute the deliverable applies.
type statuteUse struct {
	m        mention
	reasoned bool
}

// statutes returns the statutes the deliverable names outside quotations
// and code, each with whether its sentence or the one before gives a
// reason it applies (reasonWords) or names the governing law beside it.
func (t *table) statutes(r *reader, excluded []doctext.Span, law []int) []statuteUse {
	text := r.text
	var out []statuteUse
	all := r.mentions
	for i, m := range all {
		if m.roles&roleStatute == 0 || doctext.InSpans(excluded, m.start, m.end) {
			continue
		}
		w := r.windowOf(m)
		// The statute's own words ("Consumer Rights Act") are no reason.
		reasoned := anyIn(w.preceding, reasonWords) || anyIn(w.after, reasonWords)
		if !reasoned && w.start > 0 {
			ps, _ := doctext.SentenceAround(text, w.start-1, w.start-1, sentenceReach)
			reasoned = anyIn(lowerWords(t.blankStatutes(text[ps:w.start])), reasonWords)
		}
		for _, o := range all[max(0, i-8):min(len(all), i+8)] {
			if o.start < w.start || o.end > w.end || o == m || o.roles&roleStatute != 0 {
				continue
			}
			// "unlike New York law, the Consumer Rights Act ...";
			// "our drivers in Ireland make us a controller under the GDPR"
			// (a place where people are, not "under English law")
			if t.relatedToAny(o.place, law) || t.related(o.place, m.place) && useOf(o, r.windowOf(o)) == useNone {
				reasoned = true
			}
		}
		out = append(out, statuteUse{m: m, reasoned: reasoned})
	}
	return out
}

// treatedAsGoverning returns the jurisdictions the deliverable treats as
// governing: those its statements name as the governing law, and those it
// reasons under ("Under English law, the cap is void") in a sentence that
// neither compares nor supposes.
func (t *table) treatedAsGoverning(r *reader, excluded []doctext.Span, stmts []statement) []int {
	var out []int
	for _, s := range stmts {
		if s.use == useLaw {
			out = append(out, s.m.place)
		}
	}
	for _, m := range r.having(roleName | roleAdj) {
		if doctext.InSpans(excluded, m.start, m.end) {
			continue
		}
		w := r.windowOf(m)
		if !w.anyBefore(0, 4, underWord) {
			continue // "under English law", "under the laws of England"
		}
		if useOf(m, w) == useLaw && !anyIn(w.all, notAssertion) && !anyIn(w.all, comparison) && !anyIn(w.all, reasonWords) {
			out = append(out, m.place)
		}
	}
	return out
}

// blankStatutes returns s with the statutes it names blanked out, so that
// their own words ("Consumer Rights Act") are not read as reasons.
func (t *table) blankStatutes(s string) string {
	ms := t.mentions(s, doctext.WordSpans(s), roleStatute)
	if len(ms) == 0 {
		return s
	}
	b := []byte(s)
	for _, m := range ms {
		for i := m.start; i < m.end; i++ {
			b[i] = ' '
		}
	}
	return string(b)
}
