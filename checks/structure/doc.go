// Package structure checks that a deliverable has the parts its kind
// needs: the required sections of a review memo or a red-team report
// (structure.missing_section), the parts of the source a review must cover
// (structure.missing_section.source_part), and in a contract a signature
// block, its parties and the required boilerplate clauses
// (completeness.*).
//
// NewSectionsCheck checks the sections (DefaultSections per kind,
// WithRequiredSections to change them); NewCompletenessCheck takes
// CompletenessConfig.
package structure
