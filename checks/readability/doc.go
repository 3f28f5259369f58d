// Package readability reports text that is hard to read for its audience:
// a Flesch-Kincaid grade above the limit, too many passive sentences, legal
// jargon (rules readability.grade, .passive, .jargon, .passage), and a dense
// paragraph of legalese in otherwise plain text (readability.dense_passage).
//
// NewReadabilityCheck and NewDensePassageCheck return the checks;
// ReadabilityConfig and DensePassageConfig set their limits. The scores
// come from checks/internal/readscore.
package readability
