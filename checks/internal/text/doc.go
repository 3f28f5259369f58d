// Package text is the document layer the check families share: the line
// index and locations, words and sentences, dates and numbers, defined
// terms, quotations and drafted text, headings, sections and the items of a
// review, numbering and references, placeholders and signature blanks, and
// the per-document analysis a Suite computes once and every check reads
// (AnalysisOf). It is internal so that no family depends on another's
// public package, and it imports no family.
package text
