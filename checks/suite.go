package checks

import (
	"github.com/evalopt/evalopt/checks/addressed"
	"github.com/evalopt/evalopt/checks/advice"
	"github.com/evalopt/evalopt/checks/board"
	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/checks/jurisdiction"
	"github.com/evalopt/evalopt/checks/placeholder"
	"github.com/evalopt/evalopt/checks/quote"
	"github.com/evalopt/evalopt/checks/readability"
	"github.com/evalopt/evalopt/checks/requirement"
	"github.com/evalopt/evalopt/checks/structure"
	"github.com/evalopt/evalopt/checks/terms"
	"github.com/evalopt/evalopt/checks/tool"
	"github.com/evalopt/evalopt/checks/values"
	"github.com/evalopt/evalopt/checks/xref"
	"github.com/evalopt/evalopt/evaluator"
)

// DefaultChecks returns new instances of the default checks with their
// default configuration, each restricted (OnlyFor) to the deliverable kinds
// it fits, read from Document.Kind (Task.Kind through a Suite). The table
// is defaultTable: which family checks what, for which kinds, in one place.
func DefaultChecks() []check.Check {
	table := defaultTable()
	out := make([]check.Check, len(table))
	for i, e := range table {
		out[i] = e.check
		if e.kinds != nil {
			out[i] = check.OnlyFor(e.check, e.kinds...)
		}
	}
	return out
}

// defaultEntry is one row of the default suite: a check and the kinds it
// fits (nil: every kind, generic text included).
type defaultEntry struct {
	check check.Check
	kinds []evaluator.Kind
}

// notContracts is every kind but contracts, generic text included: a
// contract's references are the cross-reference check's.
var notContracts = []evaluator.Kind{"", evaluator.KindReviewMemo, evaluator.KindRedline, evaluator.KindRedTeamReport, evaluator.KindPlainLanguage, evaluator.KindCustomerReply}

// defaultTable is the default suite, row by row:
//   - review memos, redlines and red-team reports: hedged recommendations,
//     directional-only fixes, actionability ratio, findings (uncertainty,
//     missing evidence);
//   - every kind: placeholders, internal consistency and values (one
//     quantity stated two ways, totals that do not add up), text addressed
//     to the evaluator, quotations checked against the source, task
//     requirements, required sections (structure.DefaultSections), the
//     numbering of the text's own lists;
//   - those and contracts: cross-references (a review's resolve against the
//     source and its own numbering is not checked);
//   - every kind but contracts: references to the deliverable's own parts;
//   - contracts: defined terms and completeness (signature block, a
//     governing-law clause: notices and severability are left out, as
//     short agreements, amendments and translations rightly lack them);
//   - plain-language text and customer replies: readability limits;
//   - every kind that reads a contract (review memos, redlines, red-team
//     reports, contracts, plain-language rewrites): the governing law and
//     forum against the source's clauses, and statutes of other
//     jurisdictions (jurisdiction; Jurisdictional Accuracy);
//   - every kind, customer replies included: values restated from the
//     task's tool outputs (tool; Tool Consistency) — the check reads only
//     evidence of kind tool_output, so a task without one costs nothing;
//   - review memos, redlines, red-team reports and generic text: the
//     findings an agent posted (evidence of kind findings) against those
//     the text presents (board; Tool Consistency).
func defaultTable() []defaultEntry {
	return []defaultEntry{
		{mustCheck(advice.NewHedgeCheck(advice.RecommendationConfig{})), text.ReviewKinds},
		{mustCheck(advice.NewDirectionalCheck(advice.RecommendationConfig{})), text.ReviewKinds},
		{mustCheck(advice.NewActionabilityCheck(advice.RecommendationConfig{})), text.ReviewKinds},
		{mustCheck(advice.NewFindingCheck(advice.FindingConfig{})), text.ReviewKinds},
		{mustCheck(placeholder.NewPlaceholderCheck(placeholder.PlaceholderConfig{})), nil},
		{xref.NewXrefCheck(), text.SourceKinds},
		{values.NewConsistencyCheck(), nil},
		{mustCheck(terms.NewDefinitionCheck(terms.DefinitionConfig{})), text.ContractKinds},
		{mustCheck(structure.NewCompletenessCheck(structure.CompletenessConfig{Boilerplate: governingLawOnly()})), text.ContractKinds},
		{mustCheck(readability.NewReadabilityCheck(readability.ReadabilityConfig{})), text.ReaderKinds},
		{mustCheck(readability.NewDensePassageCheck(readability.DensePassageConfig{})), text.ReaderKinds},
		{mustCheck(addressed.NewEvaluatorDirectedCheck(addressed.EvaluatorDirectedConfig{})), nil},
		{mustCheck(quote.NewQuoteCheck(quote.QuoteConfig{})), nil},
		{requirement.NewRequirementCheck(), nil},
		{structure.NewSectionsCheck(), nil},
		{xref.NewSelfReferenceCheck(), notContracts},
		{xref.NewListNumberingCheck(), nil},
		{values.NewValuesCheck(), nil},
		{mustCheck(jurisdiction.New(jurisdiction.Config{})), jurisdictionKinds},
		{mustCheck(tool.New(tool.Config{})), nil},
		{mustCheck(board.New(board.Config{})), boardKinds},
	}
}

// jurisdictionKinds are the kinds that read a contract and may state its
// governing law: the source kinds and plain-language rewrites.
var jurisdictionKinds = append(append([]evaluator.Kind(nil), text.SourceKinds...), evaluator.KindPlainLanguage)

// boardKinds are the kinds that present findings, and generic text.
var boardKinds = append(append([]evaluator.Kind(nil), text.ReviewKinds...), "")

// mustCheck returns c, or panics with err: DefaultChecks builds every
// check from a zero config or the embedded lists, so an error is a defect
// of the build (the package tests build them all), never bad user input.
func mustCheck(c check.Check, err error) check.Check {
	if err != nil {
		panic(err)
	}
	return c
}

// DefaultOptions returns the options DefaultSuite applies on top of
// DefaultChecks: the findings that are often right about a draft but wrong
// about a finished deliverable only inform (severity info) — a signing
// party the signature block does not name, a contract's defined-term
// hygiene, an attachment nothing refers to (a schedule issued on its own),
// and passive voice in consumer text. A missing signature block keeps the
// severity the completeness check gives it (info for a conformed copy, a
// translation or a consolidation, which have none).
func DefaultOptions() []check.Option {
	return []check.Option{
		check.WithSeverity(structure.RuleSignatureParty, check.SeverityInfo),
		check.WithSeverity("definition.", check.SeverityInfo),
		check.WithSeverity(readability.RuleReadabilityPassive, check.SeverityInfo),
		check.WithSeverity(xref.RuleOrphanLabel, check.SeverityInfo),
	}
}

// governingLawOnly returns the default boilerplate less everything but the
// governing-law clause.
func governingLawOnly() []structure.Clause {
	var out []structure.Clause
	for _, c := range structure.DefaultBoilerplate() {
		if c.Name == "governing law" {
			out = append(out, c)
		}
	}
	return out
}

// DefaultSuite returns a suite of DefaultChecks with DefaultOptions.
func DefaultSuite() *check.Suite {
	s, err := check.NewSuite(DefaultChecks(), DefaultOptions()...)
	if err != nil {
		panic(err) // no options, no nil checks: cannot fail
	}
	return s
}
