package values

import (
	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// Rule ids of the value check.
const (
	// RuleValueMismatch: one quantity (an amount, a duration, a date, a
	// percentage, a multiple, a time; a finding's severity or CVSS score)
	// stated with two different values in one document.
	RuleValueMismatch = "values.conflict"
	// RuleValueTotal: a stated total that is not the sum of its itemised
	// parts, or a stated calculation that does not compute.
	RuleValueTotal = "values.total"
)

// NewValuesCheck returns the check for one quantity stated two ways
// (RuleValueMismatch) and for totals and calculations that do not add up
// (RuleValueTotal). Both warn: a value conflict is inferred from grammar,
// not proven, and its remedy is a one-line edit a revision makes, so the
// loop should ask for that revision rather than end the run.
//
// Every value is read as a mention: its unit class (an amount in a
// currency, per unit of time or quantity or not; days, business days,
// months, hours; a percentage; a multiple such as "2x"; a date, a date
// range or a time of day), its normalised value ("twenty-four (24) hours"
// is 1,440 minutes, "$18k" is 18,000 USD, "two years" is 24 months), and
// the subject it is attached to: the noun phrase around it by grammar
// ("platform fee of $16,500", "12 months' severance", "a 14-day export
// window", "Orders: 6 years" in a labelled list, a table cell's row label
// and column heading), the clause or item it belongs to ("clause 11.3",
// "F-02", "Year 3") and the words near it, weighted by how rare they are in
// the document. Two mentions of one class conflict when they share enough
// of their subject and differ in value; the finding stands on the later
// one and names the earlier. A value written as a reference to one stated
// elsewhere ("the £34.00", "the same price (£89.00)", "those 14 days")
// with no equal value anywhere, or a near miss of another ("529,200" and
// "592,200"), counts as more evidence; one figure mistyped as another (a
// digit changed, two swapped, the same three or more digits reordered)
// about a subject both name conflicts across clauses and tables.
//
// Three structures are read as well: a heading's value that its own
// section contradicts ("## You have 30 days …" over "up to 28 days"); a
// value after "those"/"these" that its paragraph never stated ("within 30
// days … After those 14 days"); and an introduction that announces a
// number of things before a list of another length ("four changes … In
// order of importance:" over five items).
//
// Values that legitimately differ are not compared: ends of a range
// ("between 10 and 20", "3–5 days"), a per-item value and a total, a
// change marked by the text ("from £40 to £45", "was 12 months, now 24",
// "Current:"/"Proposed:" labels and columns, "→", struck-out text in a
// redline), proposals in a review (recommendations and "should"), examples
// and suppositions ("for example", "would"), values of different items,
// clauses or periods ("Year 2" and "Year 3"), cells of one table, and
// values tied to different dates.
//
// Totals: a value marked as a total ("in total", "a total of", "The total
// is", a "Total" row) is checked against the parts it sums — the amounts
// in the same sentence or its brackets, the list items or table column
// above it — and a calculation written out ("£29 − £7.90 = £21.10",
// "3 × $20 = $60") is evaluated.
func NewValuesCheck() check.Check { return valuesCheck{} }

type valuesCheck struct{}

// Rule returns the family prefix "values".
func (valuesCheck) Rule() string { return "values" }

// Rules lists the rule ids the check reports.
func (valuesCheck) Rules() []string { return []string{RuleValueMismatch, RuleValueTotal} }

// valueThreshold is the subject evidence two differing values need to be
// reported as one quantity stated two ways.
const valueThreshold = 3.0

// maxPostings bounds how many earlier mentions each shared word, anchor or
// digit pattern proposes as a candidate: the work per mention is bounded,
// so the check stays linear in the text.
const maxPostings = 8

// maxCandidates bounds how many earlier mentions are scored against one.
const maxCandidates = 32

// Check returns the findings for doc, in document order.
func (valuesCheck) Check(doc check.Document) []check.Finding {
	if len(doc.Text) == 0 {
		return nil
	}
	d := readValueDoc(doc)
	var out []check.Finding
	out = append(out, d.conflicts(doc)...)
	out = append(out, d.headingConflicts(doc)...)
	out = append(out, d.pointerConflicts(doc)...)
	out = append(out, listCountConflicts(doc)...)
	out = withoutDefinedTermConflicts(doc, out)
	out = append(out, d.totals(doc)...)
	out = append(out, d.itemConflicts(doc)...)
	check.SortFindings(out)
	return vDedupeLocated(out)
}

// withoutDefinedTermConflicts drops the findings the consistency check
// already makes on the same value (RuleValueConflict: a defined term given
// two values): one defect, one finding.
func withoutDefinedTermConflicts(doc check.Document, fs []check.Finding) []check.Finding {
	if len(fs) == 0 {
		return fs
	}
	var idx *doctext.LineIndex
	var at map[int]bool
	for _, f := range valueConflicts(doc, &idx) {
		if at == nil {
			at = map[int]bool{}
		}
		at[f.Location.Start] = true
	}
	out := fs[:0]
	for _, f := range fs {
		if !at[f.Location.Start] {
			out = append(out, f)
		}
	}
	return out
}

// vDedupeLocated drops a finding at the same place as an earlier one.
func vDedupeLocated(fs []check.Finding) []check.Finding {
	out := fs[:0]
	for i, f := range fs {
		if i > 0 && f.Location.Start == fs[i-1].Location.Start && f.Rule == fs[i-1].Rule {
			continue
		}
		out = append(out, f)
	}
	return out
}
