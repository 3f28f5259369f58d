package golden

import (
	"errors"
	"fmt"
	"strings"

	"github.com/evalopt/evalopt/internal/strictjson"
)

// dataCheck collects every problem of one golden-set file. The loaders run
// in two passes so that a user fixing a file by hand sees every problem at
// once: strictjson.CheckAll reports the shape problems (bad JSON, unknown
// fields, duplicate keys, nulls, wrong types, missing required fields),
// then encoding/json decodes what it can and the loader checks the values
// (severities, ranges, empty names). A value whose shape was wrong decodes
// as a zero value, so the value checks skip every field at or under one
// with a shape problem rather than report it twice.
//
// Problems are bounded: the first strictjson.MaxProblems are kept and the
// rest only counted, so that a file with a million bad entries gives a
// short error, built in one pass.
type dataCheck struct {
	file string
	errs strictjson.Problems
	bad  map[string]bool // fields with a shape problem
}

// checkData runs the shape pass of a file's data. It reports false when the
// data is not worth decoding: it is not valid JSON, or its top-level value
// is not an object.
func checkData(data []byte, file string, s *strictjson.Shape) (*dataCheck, bool) {
	c := &dataCheck{file: file, bad: map[string]bool{}}
	decodable := true
	problems, more := strictjson.CheckAll(data, s, 0)
	for _, e := range problems {
		if e.Err != nil || e.Field == "" { // not JSON, or not an object
			decodable = false
		}
		c.errs.Add(dataError(file, e.Offset, e.Field, e.Problem))
		c.bad[e.Field] = true
	}
	if more > 0 {
		// Problems past the bound are not located; the fields they name
		// are unknown, so nothing decoded from this file can be trusted.
		c.errs.Count(more)
		decodable = false
	}
	return c, decodable
}

// ok reports whether field and every value enclosing it passed the shape
// pass, so that its decoded value is what the file says.
func (c *dataCheck) ok(field string) bool {
	for {
		if c.bad[field] {
			return false
		}
		i := strings.LastIndexAny(field, ".[")
		if i < 0 {
			return !c.bad[""]
		}
		field = field[:i]
	}
}

// fail records a value problem at field.
func (c *dataCheck) fail(field, format string, args ...any) {
	if c.errs.Full() {
		c.errs.Count(1)
		return
	}
	c.errs.Add(dataError(c.file, -1, field, fmt.Sprintf(format, args...)))
}

// validated records the problems err (as a Validate method returns them)
// holds, except those at fields the shape pass already reported.
func (c *dataCheck) validated(err error) {
	if err == nil {
		return
	}
	for _, e := range strictjson.Unjoin(err) {
		var de *DataError
		if errors.As(e, &de) {
			if !c.ok(de.Field) {
				continue
			}
			c.fail(de.Field, "%s", de.Problem)
			continue
		}
		c.errs.Add(e)
	}
}

// nonEmpty reports each empty entry of list at field ("empty").
func (c *dataCheck) nonEmpty(field string, list []string) {
	for i, s := range list {
		if s == "" && c.ok(index(field, i)) {
			c.fail(index(field, i), "empty")
		}
	}
}

// err returns every problem recorded, joined; nil when there is none.
func (c *dataCheck) err() error {
	return c.errs.Err(func(n int) error {
		return dataError(c.file, -1, "", fmt.Sprintf("... and %d more problems", n))
	})
}

// join appends a field name to a JSON path.
func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// index appends an array index to a JSON path.
func index(path string, i int) string { return fmt.Sprintf("%s[%d]", path, i) }
