package structure

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/evaluator"
)

// Rule ids of the completeness check.
const (
	// RuleSignatureBlock: a contract with no signature block.
	RuleSignatureBlock = "completeness.signature_block"
	// RuleSignatureParty: a party named in the preamble that the signature
	// block does not name.
	RuleSignatureParty = "completeness.signature_party"
	// RuleBoilerplate: a required boilerplate clause that is missing.
	RuleBoilerplate = "completeness.boilerplate"
)

// Clause is a required boilerplate clause: it is present when the document
// contains one of its phrases, case-insensitively and on word boundaries (in
// a heading or the text). Phrase words are separated by spaces; in the text
// any white space or hyphens may separate them.
type Clause struct {
	// Name names the clause in findings ("governing law").
	Name string
	// Phrases are the phrases that show the clause is present.
	Phrases []string
}

// ErrClauseList is matched (with errors.Is) by every error ParseClauses returns.
var ErrClauseList = errors.New("checks: invalid clause list")

// ParseClauses parses a clause list in the format of data/boilerplate.txt:
// one clause per line, "name: phrase; phrase; ...", blank lines and lines
// starting with '#' ignored. An error names the line at fault.
func ParseClauses(text string) ([]Clause, error) {
	var out []Clause
	var errs []error
	for i, raw := range strings.Split(text, "\n") {
		ln := strings.TrimSpace(raw)
		if ln == "" || strings.HasPrefix(ln, "#") {
			continue
		}
		name, rest, ok := strings.Cut(ln, ":")
		name = strings.TrimSpace(name)
		if !ok || name == "" {
			errs = append(errs, fmt.Errorf("%w: line %d: want \"name: phrase; phrase\", got %q", ErrClauseList, i+1, ln))
			continue
		}
		c := Clause{Name: name}
		for _, p := range strings.Split(rest, ";") {
			if p = strings.TrimSpace(p); p != "" {
				c.Phrases = append(c.Phrases, p)
			}
		}
		if len(c.Phrases) == 0 {
			errs = append(errs, fmt.Errorf("%w: line %d: clause %q has no phrases", ErrClauseList, i+1, name))
			continue
		}
		out = append(out, c)
	}
	return out, errors.Join(errs...)
}

// DefaultBoilerplate returns the default required clauses
// (data/boilerplate.txt): governing law and severability. Notices are not
// required: many short agreements (NDAs, amendments) rightly have none.
func DefaultBoilerplate() []Clause {
	cs, err := ParseClauses(strings.Join(doctext.DefaultBoilerplate, "\n"))
	if err != nil {
		panic(fmt.Sprintf("checks: embedded boilerplate list: %v", err)) // a build error, not user input
	}
	return cs
}

// CompletenessConfig configures NewCompletenessCheck. The zero value means
// the documented defaults.
type CompletenessConfig struct {
	// Boilerplate are the required clauses; nil means DefaultBoilerplate().
	// An empty non-nil slice requires none.
	Boilerplate []Clause
	// Always applies the check to every document; by default it applies only
	// to documents that look like a contract (they say "this Agreement" or
	// "IN WITNESS WHEREOF"), so that a review memo is not asked for a
	// signature block.
	Always bool
}

// NewCompletenessCheck returns the completeness check: rules
// RuleSignatureBlock, RuleSignatureParty (block) and RuleBoilerplate
// (warn). It reads a document that looks like a contract, or any document
// whose Kind is evaluator.KindContract (for those, only the execution
// block and its parties).
//
// The signature (execution) block starts at "IN WITNESS WHEREOF" (any
// case) or at the lines above the first "By:", else at a heading such as
// "Signatures" or "Execution", else at the paragraph before the first
// signing line ("Signed: ______"), and must hold a place to sign; it runs
// to the next level-1 or level-2 Markdown heading. A missing block is
// block severity when the text says it is signed ("IN WITNESS WHEREOF",
// "Executed as a deed", "By signing below"), warn when the text is an
// operative instrument by its title or what it calls itself ("Supplement
// No. 1", "This arrangement") or its evidence is signed, and info when it
// restates, forms part of or sets out terms of another instrument (a
// conformed copy, a plain-language version, a schedule, terms of sale). The parties are the terms defined in the
// preamble (before the first numbered heading or clause) with a corporate
// descriptor between their legal name and the definition: `ACME, INC., a
// Delaware corporation ("Supplier")`. Each party's legal name or defined term
// must appear in the signature block. A missing block or clause is reported
// at the end of the document (an empty location). A clause of
// cfg.Boilerplate without a name, without phrases or with a phrase holding
// no word is an *evaluator.FieldError naming it
// ("CompletenessConfig.Boilerplate[1].Phrases[0]"), matching
// evaluator.ErrInvalidOption.
func NewCompletenessCheck(cfg CompletenessConfig) (check.Check, error) {
	for i, cl := range cfg.Boilerplate {
		field := fmt.Sprintf("CompletenessConfig.Boilerplate[%d]", i)
		switch {
		case strings.TrimSpace(cl.Name) == "":
			return nil, doctext.ConfigError(field+".Name", "empty")
		case len(cl.Phrases) == 0:
			return nil, doctext.ConfigError(field+".Phrases", "empty: a clause needs a phrase that shows it is present")
		}
		if err := doctext.CheckPhrases(field+".Phrases", cl.Phrases); err != nil {
			return nil, err
		}
	}
	if cfg.Boilerplate == nil {
		cfg.Boilerplate = DefaultBoilerplate()
	}
	c := &completenessCheck{always: cfg.Always}
	for _, cl := range cfg.Boilerplate {
		c.names = append(c.names, cl.Name)
		c.clauses = append(c.clauses, doctext.NewPhraseMatcher(cl.Phrases))
	}
	return c, nil
}

type completenessCheck struct {
	names   []string                 // clause names
	clauses []*doctext.PhraseMatcher // one matcher per clause, same order
	always  bool
}

// witnessMatcher finds the usual opening of a signature block.
var witnessMatcher = doctext.NewPhraseMatcher([]string{"in witness whereof"})

// Rule returns the family prefix "completeness" of the rules the check reports.
func (c *completenessCheck) Rule() string { return "completeness" }

// Rules lists the rule ids the check reports.
func (c *completenessCheck) Rules() []string {
	return []string{RuleSignatureBlock, RuleSignatureParty, RuleBoilerplate}
}

var (
	// partyDescriptorRe splits a legal name from its descriptor (", a
	// Delaware corporation").
	partyDescriptorRe = regexp.MustCompile(`,[ \t]+(?:a|an)[ \t]`)
	sigLabelRe        = regexp.MustCompile(`(?m)^[ \t]*(?:\*\*)?By(?:\*\*)?:`)
)

// party is a contracting party found in the preamble.
type party struct {
	term, legalName string
	def             doctext.Definition
}

// Check returns the check's findings on doc.
func (c *completenessCheck) Check(doc check.Document) []check.Finding {
	text := doc.Text
	contract := c.always || looksLikeContract(text)
	if !contract && doc.Kind != evaluator.KindContract {
		return nil
	}
	var out []check.Finding
	a := doctext.AnalysisOf(doc)
	idx := a.LineIndex()
	ws := a.WordList()
	end := idx.Locate(len(text), len(text), text)
	sigStart, sigEnd := executionBlock(text, ws)
	if sigStart < 0 {
		if f, ok := missingExecution(doc, contract, end); ok {
			out = append(out, f)
		}
	} else {
		block := bytes.ToLower([]byte(text[sigStart:sigEnd]))
		for _, p := range preambleParties(text, a.Definitions()) {
			if bytes.Contains(block, []byte(strings.ToLower(p.legalName))) || bytes.Contains(block, []byte(strings.ToLower(p.term))) {
				continue
			}
			out = append(out, check.Finding{Rule: RuleSignatureParty, Severity: check.SeverityBlock,
				Message:  fmt.Sprintf("party %s (%q) has no signature block", p.legalName, p.term),
				Location: idx.Locate(p.def.Start, p.def.End, text)})
		}
	}
	if !contract || doctext.AmendingRe.MatchString(doctext.TitleLine(text)) {
		// A contract by its task's kind only: its clauses are its own
		// business. An amendment keeps the boilerplate of the agreement it
		// amends ("Amendment No. 2 to the Supply Agreement").
		check.SortFindings(out)
		return out
	}
	for i, m := range c.clauses {
		if !m.Contains(text, ws, len(text)) && !(c.names[i] == "governing law" && governedByLaw(text)) {
			out = append(out, check.Finding{Rule: RuleBoilerplate, Severity: check.SeverityWarn,
				Message: fmt.Sprintf("required clause missing: %s", c.names[i]), Location: end})
		}
	}
	check.SortFindings(out)
	return out
}

// missingExecution returns the RuleSignatureBlock finding for doc, a
// contract with no execution block (end is the end of its text), with a
// severity that says how sure the need is (needsExecution): block when the
// text says it is signed yet gives no place to sign, warn when it is an
// operative instrument or its evidence is signed, info otherwise — or
// nothing when neither the text reads as a contract (looksLike) nor
// anything shows it is signed.
func missingExecution(doc check.Document, looksLike bool, end check.Location) (check.Finding, bool) {
	f := check.Finding{Rule: RuleSignatureBlock, Location: end}
	need := needsExecution(doc)
	if tr := closingSigning(doc.Text); need == executionInstrument && (tr.lines || tr.places) || need == executionDeclared && tr.places {
		// Its closing reads like signing lines the execution reader does
		// not know: the absence is not verified, so it informs.
		f.Severity = check.SeverityInfo
		f.Message = "no execution block recognised, though the closing lines read like signing lines: check that each party has a place to sign (\"By:\", name, title, date)"
		return f, true
	}
	switch need {
	case executionDeclared:
		f.Severity = check.SeverityBlock
		f.Message = "the text says it is signed but has no execution block: add a place for each party to sign (\"By:\", name, title, date)"
	case executionInstrument:
		f.Severity = check.SeverityWarn
		f.Message = "no execution block: an agreement that binds its parties on its own needs a place for each party to sign (\"By:\", name, title, date)"
	default:
		if !looksLike {
			return check.Finding{}, false
		}
		f.Severity = check.SeverityInfo
		f.Message = "no signature block (\"IN WITNESS WHEREOF\" or \"By:\" lines) for the parties"
	}
	return f, true
}

// looksLikeContract reports whether text reads as a contract.
func looksLikeContract(text string) bool {
	for _, s := range []string{"this Agreement", "This Agreement", "THIS AGREEMENT", "IN WITNESS WHEREOF", "In Witness Whereof"} {
		if strings.Contains(text, s) {
			return true
		}
	}
	return false
}

// signatureBlock returns the byte range of the signature block, or -1.
func signatureBlock(text string, ws []doctext.Span) (int, int) {
	start, _, ok := witnessMatcher.First(text, ws, len(text))
	if !ok {
		loc := sigLabelRe.FindStringIndex(text)
		if loc == nil {
			return -1, -1
		}
		// Include the party name lines just above the first "By:".
		start = loc[0]
		for n := 0; n < 4 && start > 0; n++ {
			start = strings.LastIndexByte(text[:start-1], '\n') + 1
		}
	}
	end := len(text)
	// The next level-1 or level-2 heading after the block's first line ends it.
	for i := start; i < len(text); {
		j := strings.IndexByte(text[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		if lvl, _ := doctext.HeadingLevel(text[i:min(len(text), i+8)]); lvl == 1 || lvl == 2 {
			end = i
			break
		}
	}
	return start, end
}

// preambleParties returns the parties defined in the preamble; defs are the
// document's definitions.
func preambleParties(text string, defs []doctext.Definition) []party {
	limit := len(text)
	doctext.ForEachLineUntil(text, func(l doctext.Line) bool {
		s := text[l.Start:l.End]
		if lvl, off := doctext.HeadingLevel(s); lvl > 0 {
			if doctext.HeadingNumRe.MatchString(s[off:]) {
				limit = l.Start
				return false
			}
			return true
		}
		if t := strings.TrimLeft(s, " \t"); doctext.StartsWithAny(t, doctext.DigitsAndStar) && doctext.LineNumRe.MatchString(t) {
			limit = l.Start
			return false
		}
		return true
	})
	var out []party
	lastOpen := -1
	for _, d := range defs {
		if d.End > limit {
			break
		}
		open := strings.LastIndexByte(text[:d.Start], '(')
		if open < 0 || open == lastOpen {
			continue // only the first term of a parenthetical names a party
		}
		lastOpen = open
		lo := max(0, open-400)
		seg := text[lo:open]
		// The party clause starts after the last "between", "and", "by" or ")".
		cut := 0
		for _, sep := range []string{"between ", " and ", " by ", ")", "\n"} {
			if k := strings.LastIndex(seg, sep); k >= 0 && k+len(sep) > cut {
				cut = k + len(sep)
			}
		}
		seg = strings.TrimSpace(seg[cut:])
		m := partyDescriptorRe.FindStringIndex(seg)
		if m == nil {
			continue
		}
		name := strings.Trim(strings.TrimSpace(seg[:m[0]]), "*_")
		if name == "" {
			continue
		}
		out = append(out, party{term: d.Term, legalName: name, def: d})
	}
	return out
}

// governedByLawRe finds a governing-law clause by its grammar, whatever
// the law's name: "is governed by Thai law", "shall be governed by New
// York law", "governed by the laws of Ontario".
var governedByLawRe = regexp.MustCompile(`\bgoverned\s+by\s+(?:[A-Z][\w'’-]*\s+){1,3}laws?\b`)

// governedByLaw reports whether text states its governing law by the
// grammar of one (governedByLawRe), for the default "governing law"
// clause whose phrases name only some laws.
func governedByLaw(text string) bool {
	return strings.Contains(text, "governed by") && governedByLawRe.MatchString(text)
}
