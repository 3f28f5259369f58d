// Package strictjson checks JSON text against an expected shape before it is
// decoded, so that every problem is reported with the JSON path and byte
// offset where it was found.
//
// encoding/json alone accepts duplicate keys (the last one silently wins),
// turns null into a zero value, accepts unknown fields unless told
// otherwise, and names a bad field without its array indexes. Check walks
// the token stream against a Shape and rejects all of these, as well as
// wrong types, numbers out of range, missing required fields and data after
// the value:
//
//	dimensions[3].score: want a number, got a string (at byte 212)
//
// A caller describes the JSON it accepts once, as a package-level Shape,
// runs Check, and then decodes with encoding/json knowing that the decode
// cannot silently drop or default anything. CheckAll reports every shape
// problem instead of the first, for files a user fixes by hand.
//
// The package is internal: it serves the strict readers of rubric (rubric
// files, judge replies) and evaluator/golden (case files, ground truths,
// baselines, synonyms) and is not part of the public API. The decision
// parser in evaluator keeps its own specialised lexer.
package strictjson
