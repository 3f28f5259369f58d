package evaluator

import (
	"bytes"

	"github.com/evalopt/evalopt/internal/strictjson"
)

// ExtractJSON finds the JSON object in a model's raw reply and returns it
// with its byte offset in raw. It accepts what models actually send:
//   - bare JSON (leading white space allowed);
//   - JSON inside a Markdown code fence (```json or a bare ```), with any
//     prose before and after the fence;
//   - JSON that starts on its own line after one or more lines of prose.
//
// It does not parse the object; errors are *ParseError values matching
// ErrInvalidDecision that say what was not found and where.
func ExtractJSON(raw []byte) (body []byte, offset int, err error) {
	start := skipSpace(raw, 0)
	if start == len(raw) {
		return nil, 0, &ParseError{Offset: 0, Problem: "empty reply: no JSON object", Err: ErrInvalidDecision}
	}
	if raw[start] == '{' {
		return raw[start:], start, nil
	}
	if fence := bytes.Index(raw, []byte("```")); fence >= 0 {
		// The info string ("json", "JSON", nothing) runs to the end of the line.
		nl := bytes.IndexByte(raw[fence:], '\n')
		if nl < 0 {
			return nil, 0, &ParseError{Offset: int64(fence), Problem: "code fence opens but holds no content", Err: ErrInvalidDecision}
		}
		bodyStart := fence + nl + 1
		end := bytes.Index(raw[bodyStart:], []byte("```"))
		if end < 0 {
			return nil, 0, &ParseError{Offset: int64(fence), Problem: "code fence is not closed", Err: ErrInvalidDecision}
		}
		inner := raw[bodyStart : bodyStart+end]
		s := skipSpace(inner, 0)
		if s == len(inner) || inner[s] != '{' {
			return nil, 0, &ParseError{Offset: int64(bodyStart + s), Problem: "code fence does not hold a JSON object", Err: ErrInvalidDecision}
		}
		return inner[s:], bodyStart + s, nil
	}
	// Prose first: take the first line whose first non-blank byte is '{'.
	for i := start; i < len(raw); {
		nl := bytes.IndexByte(raw[i:], '\n')
		if nl < 0 {
			break
		}
		lineStart := i + nl + 1
		j := lineStart
		for j < len(raw) && (raw[j] == ' ' || raw[j] == '\t' || raw[j] == '\r') {
			j++
		}
		if j < len(raw) && raw[j] == '{' {
			return raw[j:], j, nil
		}
		i = lineStart
	}
	return nil, 0, &ParseError{Offset: int64(start), Problem: "no JSON object found (reply starts with " + strictjson.Quote(string(raw[start:min(len(raw), start+strictjson.MaxQuote+1)])) + ")", Err: ErrInvalidDecision}
}

// skipSpace returns the index of the first non-white-space byte of b at or
// after i, or len(b).
func skipSpace(b []byte, i int) int {
	for i < len(b) {
		switch b[i] {
		case ' ', '\t', '\r', '\n':
			i++
		default:
			return i
		}
	}
	return i
}
