package jurisdiction

import (
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/internal/clip"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/evaluator"
)

// clause is a governing law or a forum a source names.
type clause struct {
	place   int
	use     use
	snippet string // its sentence, shortened, for the finding's message
}

// sourceFactsKey is the SharedAcross key of a source's clauses for one
// table.
type sourceFactsKey struct{ t *table }

// notSourceKinds are the evidence kinds that hold no contract text.
var notSourceKinds = map[string]bool{"tool_output": true, "findings": true}

// sourceClauses returns the governing laws and forums the document's
// source and evidence name: Document.SourceText and every evidence item but
// tool outputs and posted findings, each read once per Suite.
func (t *table) sourceClauses(doc check.Document) (law, forum []clause) {
	seen := map[string]bool{}
	add := func(text string) {
		if text == "" || seen[text] {
			return
		}
		seen[text] = true
		cs := check.SharedAcross(doc, sourceFactsKey{t}, text, int64(len(text)/64+256), func() []clause { return t.clausesOf(text) })
		for _, c := range cs {
			if c.use == useLaw {
				law = append(law, c)
			} else {
				forum = append(forum, c)
			}
		}
	}
	add(doc.SourceText)
	for _, e := range doc.Evidence {
		if !notSourceKinds[e.Metadata[evaluator.EvidenceKindKey]] {
			add(e.Content)
		}
	}
	return law, forum
}

// maxClauses bounds what one source contributes.
const maxClauses = 64

// clausesOf finds the governing-law and forum clauses of a source text:
// every jurisdiction named in a sentence about the law that governs or the
// forum of disputes ("This Agreement is governed by the laws of the State
// of New York", "the courts of England and Wales have exclusive
// jurisdiction", "Governing law: Ontario"), or in a section whose heading
// names them, with the use its words give it.
func (t *table) clausesOf(text string) []clause {
	ws := doctext.WordSpans(text)
	sections := anchoredSections(text)
	r := newReader(t, text, ws)
	var out []clause
	for _, m := range r.having(roleName | roleAdj | roleCourt | roleCity) {
		w := r.windowOf(m)
		u := useOf(m, w)
		if u == useNone || !anchored(w, u) && !sections.covers(m.start, u) {
			continue
		}
		out = append(out, clause{place: m.place, use: u, snippet: clip.Runes(strings.TrimSpace(text[w.start:w.end]), 120)})
		if len(out) >= maxClauses {
			break
		}
	}
	return out
}

// section is a part of a source under a heading about the governing law
// or the forum.
type section struct {
	start, end int
	use        use
}

type sections []section

// sectionReach bounds how far a heading's section runs.
const sectionReach = 1500

// anchoredSections returns the parts of text under a short heading-like
// line that names the governing law ("12. Governing Law", "**Law and
// Jurisdiction**") or the forum ("Disputes", "Jurisdiction"), each up to
// the next Markdown heading or sectionReach bytes.
func anchoredSections(text string) sections {
	var out sections
	doctext.ForEachLine(text, func(l doctext.Line) {
		s := strings.TrimSpace(text[l.Start:l.End])
		if len(s) == 0 || len(s) > 80 || strings.HasSuffix(s, ".") && strings.Count(s, " ") > 6 {
			return
		}
		low := strings.ToLower(s)
		for _, h := range [...]struct {
			word string
			use  use
		}{{"governing law", useLaw}, {"applicable law", useLaw}, {"choice of law", useLaw}, {"law and jurisdiction", useLaw},
			{"jurisdiction", useForum}, {"disputes", useForum}, {"dispute resolution", useForum}, {"venue", useForum}, {"arbitration", useForum}} {
			if strings.Contains(low, h.word) {
				end := min(len(text), l.End+sectionReach)
				if i := strings.Index(text[l.End:end], "\n#"); i >= 0 {
					end = l.End + i
				}
				out = append(out, section{l.End, end, h.use})
			}
		}
	})
	return out
}

// covers reports whether off lies in a section about u.
func (ss sections) covers(off int, u use) bool {
	for _, s := range ss {
		if s.use == u && s.start <= off && off < s.end {
			return true
		}
	}
	return false
}
