// Package xref checks a document's references and numbering: a reference
// to a section, clause, schedule or exhibit the document (or its source)
// does not have (xref.dangling), a label defined twice, an exhibit or
// schedule nothing refers to, a gap in list or clause numbering ("3.2" then
// "3.4"), and a reference to a part of the deliverable itself that it does
// not have ("see Recommendation 4": xref.self_reference).
//
// NewXrefCheck, NewListNumberingCheck and NewSelfReferenceCheck return the
// checks; the outline of a source's labels is read once per source and
// shared between them.
package xref
