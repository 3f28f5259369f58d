// Package values checks that a document states each value one way: one
// quantity (an amount, a duration, a date, a percentage, a count) stated
// with two different values (values.conflict), a total that is not the
// sum of its parts or a calculation that does not compute (values.total),
// and number words and figures that disagree ("ten (15) days"), a defined
// item given two values and one date written in two forms (consistency.*).
//
// NewValuesCheck reads every value with its unit, its normalised value and
// the subject it is attached to, and compares the mentions that may be one
// quantity; NewConsistencyCheck makes the cheaper textual comparisons.
package values
