// Package placeholder finds what a draft left unfilled: bracketed fill-ins
// ("[DATE]", "[Party Name]", "[insert address]"), template fields
// ("{{name}}", "<<field>>"), runs of underscores that are not a place to
// sign or date by hand, bare tokens (TBD, TODO, "XX days") and "lorem
// ipsum".
//
// NewPlaceholderCheck returns the check (rule placeholder.unfilled, block);
// PlaceholderConfig replaces its word lists. A blank the source document
// itself holds, quoted verbatim, is the source's, not the deliverable's.
package placeholder
