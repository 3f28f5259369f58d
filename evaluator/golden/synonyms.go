package golden

import (
	"encoding/json"
	"sort"
	"strings"

	"github.com/evalopt/evalopt/internal/strictjson"
	"github.com/evalopt/evalopt/internal/uniq"
)

// Synonyms are the caller's domain vocabulary: keyword synonyms shared by
// every expected finding, and category synonym groups. The library ships
// none of its own. The file format is that of dd-agents' synonyms.json:
//
//	{"source": "...",
//	 "common_keyword_synonyms": {"terminate": ["cancel", "end"]},
//	 "category_synonyms": {"change_of_control": ["coc", "ownership_change"]}}
//
// Each map key is a group's canonical name and its list the synonyms; the
// group is the canonical name plus its synonyms.
//
// Build a Synonyms with LoadSynonyms, json.Unmarshal or NewSynonyms, which
// also precompute the lookup tables MetricsOf uses; treat it as read-only
// afterwards (it is then safe for concurrent use). A Synonyms literal also
// works, but MetricsOf then rebuilds the tables on every call.
type Synonyms struct {
	// Source says where the tables come from (free text, optional).
	Source string `json:"source,omitempty"`
	// Keywords is the common keyword table: canonical keyword → synonyms.
	Keywords map[string][]string `json:"common_keyword_synonyms"`
	// Categories is the category table: canonical category → synonyms.
	Categories map[string][]string `json:"category_synonyms"`

	idx *synIndex // precomputed lookups; nil for a literal
}

// NewSynonyms returns a Synonyms over the two tables with its lookup tables
// built. It keeps the maps it is given; do not modify them afterwards.
func NewSynonyms(keywords, categories map[string][]string) Synonyms {
	s := Synonyms{Keywords: keywords, Categories: categories}
	s.idx = buildSynIndex(keywords, categories)
	return s
}

// LoadSynonyms reads a synonyms file (see Synonyms). It rejects bad JSON,
// unknown fields, wrong types, empty keys and empty synonyms, each error a
// *DataError naming the file and the field.
func LoadSynonyms(path string) (Synonyms, error) { return load(path, parseSynonyms) }

// parseSynonyms is LoadSynonyms for bytes already read; name is used in
// error messages.
func parseSynonyms(data []byte, name string) (Synonyms, error) {
	c, decodable := checkData(data, name, synonymsShape)
	if !decodable {
		return Synonyms{}, c.err()
	}
	var s Synonyms
	_ = json.Unmarshal(data, (*synonymsFields)(&s)) // the shape pass reported every type problem
	checkStringLists(c, "common_keyword_synonyms", s.Keywords)
	checkStringLists(c, "category_synonyms", s.Categories)
	for _, canon := range sortedKeys(s.Categories) {
		if field := join("category_synonyms", canon); canon != "" && c.ok(field) && normalizeCategory(canon) == "" {
			c.fail(field, "empty category")
		}
	}
	if err := c.err(); err != nil {
		return Synonyms{}, err
	}
	s.idx = buildSynIndex(s.Keywords, s.Categories)
	return s, nil
}

// synonymsFields is Synonyms without its UnmarshalJSON method, for decoding
// with encoding/json once the file has been checked.
type synonymsFields Synonyms

// synonymsShape is the JSON a synonyms file may hold; a null table reads
// as absent.
var synonymsShape = func() *strictjson.Shape {
	table := strictjson.Map(strictjson.Array(strictjson.String())).OrNull()
	return strictjson.Object(
		strictjson.Optional("source", strictjson.String()),
		strictjson.Optional("common_keyword_synonyms", table),
		strictjson.Optional("category_synonyms", table),
	)
}()

// index returns the precomputed lookups, building them when s is a literal.
func (s *Synonyms) index() *synIndex {
	if s == nil {
		return emptySynIndex
	}
	if s.idx != nil {
		return s.idx
	}
	if len(s.Keywords) == 0 && len(s.Categories) == 0 {
		return emptySynIndex
	}
	return buildSynIndex(s.Keywords, s.Categories)
}

// synIndex holds the synonym tables normalised for matching.
type synIndex struct {
	// keywordGroups maps a lower-cased keyword to every member (lower-cased)
	// of every common group it belongs to, as canonical or as synonym.
	keywordGroups map[string][]string
	// categorySyns maps a normalised canonical category to its normalised
	// synonyms.
	categorySyns map[string][]string
	// categoryGroups maps a normalised category to every member of every
	// group it belongs to (canonical plus synonyms, normalised).
	categoryGroups map[string][]string
	// categoryNames maps a normalised category that appears in the table to
	// the names it is compared with: itself, its synonyms, and its groups'
	// members (see categoryNames).
	categoryNames map[string][]string
}

var emptySynIndex = buildSynIndex(nil, nil)

func buildSynIndex(keywords, categories map[string][]string) *synIndex {
	idx := &synIndex{
		keywordGroups:  map[string][]string{},
		categorySyns:   map[string][]string{},
		categoryGroups: map[string][]string{},
		categoryNames:  map[string][]string{},
	}
	// Iterate in sorted order so that the member lists are deterministic.
	for _, canon := range sortedKeys(keywords) {
		members := append([]string{strings.ToLower(canon)}, lowerAll(keywords[canon])...)
		for _, m := range members {
			idx.keywordGroups[m] = uniq.Append(idx.keywordGroups[m], members...)
		}
	}
	for _, canon := range sortedKeys(categories) {
		c := normalizeCategory(canon)
		syns := make([]string, 0, len(categories[canon]))
		for _, s := range categories[canon] {
			if n := normalizeCategory(s); n != "" {
				syns = append(syns, n)
			}
		}
		// Two keys that normalise alike ("Change of Control" and
		// "change_of_control") are one group.
		idx.categorySyns[c] = uniq.Append(idx.categorySyns[c], syns...)
		members := append([]string{c}, syns...)
		for _, m := range members {
			idx.categoryGroups[m] = uniq.Append(idx.categoryGroups[m], members...)
		}
	}
	for _, m := range sortedKeys(idx.categoryGroups) {
		names := []string{m}
		names = uniq.Append(names, idx.categorySyns[m]...)
		idx.categoryNames[m] = uniq.Append(names, idx.categoryGroups[m]...)
	}
	return idx
}

func sortedKeys(m map[string][]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func lowerAll(ss []string) []string {
	out := make([]string, 0, len(ss))
	for _, s := range ss {
		if s != "" {
			out = append(out, strings.ToLower(s))
		}
	}
	return out
}
