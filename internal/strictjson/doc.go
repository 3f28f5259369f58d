// Package strictjson is the module's one strict JSON reader: a Lexer that
// reads values straight from bytes with exact byte offsets, and Check,
// which walks JSON text against an expected shape before it is decoded, so
// that every problem is reported with the JSON path and the byte offset of
// the fault.
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
// Offsets point at the fault itself: the first byte of the offending value
// or key, or the byte where the syntax broke (encoding/json's token
// decoder reports positions past its buffer instead). Error messages quote
// at most MaxQuote bytes of the input, and CheckAll keeps at most
// MaxProblems problems, counting the rest, so that hostile input gives a
// small error.
//
// A caller describes the JSON it accepts once, as a package-level Shape,
// runs Check, and then decodes with encoding/json knowing that the decode
// cannot silently drop or default anything. CheckAll reports every shape
// problem instead of the first, for files a user fixes by hand.
//
// The same bounds hold for the errors the library builds around text it did
// not write: ClipTo, ErrorText, Bound and Join keep one error's text within
// MaxError (4 KiB) and a joined error's within MaxJoinedError (64 KiB), a
// longer text being cut to a prefix and its size, as Quote does.
//
// The package is internal: it serves evaluator.ParseDecision (through the
// Lexer), the strict readers of rubric (rubric files, judge replies) and
// those of the golden-set and evaluator-quality packages (ground truths,
// baselines, synonyms, case files), and the error bounds of the loop, the
// ensemble and the rubric judge; it is not part of the public API.
package strictjson
