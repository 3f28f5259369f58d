package judgecache

import (
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"

	"github.com/evalopt/evalopt/internal/strictjson"
)

// typeInfo is what checkType found about a type.
type typeInfo struct {
	err          error // what JSON would lose or cannot encode; nil if nothing
	hasInterface bool  // the type holds interface values somewhere
}

type typeKey struct {
	t    reflect.Type
	addr bool
}

// typeInfos caches checkType's results: types are few, calls many.
var typeInfos sync.Map // typeKey -> typeInfo

var (
	jsonMarshalerType = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

// checkType reports whether encoding/json encodes every value of t without
// losing what tells two values apart: a key built from a lossy encoding
// would let two different candidates share a cached decision. Refused:
// types JSON cannot encode (channels, functions, complex numbers, unsafe
// pointers, maps keyed by anything but strings, integers and
// TextMarshalers), unexported struct fields, fields tagged json:"-", and
// field names that clash after embedding (JSON keeps at most one). A
// json.Marshaler or encoding.TextMarshaler is trusted; a pointer-receiver
// one only where the value is addressable (addr), as JSON calls it only
// there.
func checkType(t reflect.Type, addr bool) typeInfo {
	k := typeKey{t, addr}
	if v, ok := typeInfos.Load(k); ok {
		return v.(typeInfo)
	}
	c := typeChecker{seen: map[typeKey]bool{}}
	err := c.check(t, addr)
	info := typeInfo{err: err, hasInterface: c.hasInterface}
	typeInfos.Store(k, info)
	return info
}

type typeChecker struct {
	seen         map[typeKey]bool
	hasInterface bool
}

func (c *typeChecker) check(t reflect.Type, addr bool) error {
	k := typeKey{t, addr}
	if c.seen[k] { // a recursive type: checked where it began
		return nil
	}
	c.seen[k] = true
	if marshals(t, addr) {
		return nil
	}
	switch t.Kind() {
	case reflect.Bool, reflect.String, reflect.Float32, reflect.Float64,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return nil
	case reflect.Interface:
		c.hasInterface = true
		return nil
	case reflect.Pointer, reflect.Slice:
		return c.check(t.Elem(), true)
	case reflect.Array:
		return c.check(t.Elem(), addr)
	case reflect.Map:
		if !mapKeyOK(t.Key()) {
			return fmt.Errorf("%s: JSON cannot encode a map keyed by %s", t, t.Key())
		}
		return c.check(t.Elem(), false)
	case reflect.Struct:
		return c.checkStruct(t, addr)
	}
	return fmt.Errorf("%s: JSON cannot encode a %s", t, t.Kind())
}

// marshals reports whether JSON encodes a value of t by its own method.
func marshals(t reflect.Type, addr bool) bool {
	if t.Implements(jsonMarshalerType) || t.Implements(textMarshalerType) {
		return true
	}
	if addr && t.Kind() != reflect.Pointer {
		p := reflect.PointerTo(t)
		return p.Implements(jsonMarshalerType) || p.Implements(textMarshalerType)
	}
	return false
}

func mapKeyOK(k reflect.Type) bool {
	switch k.Kind() {
	case reflect.String, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return true
	}
	return k.Implements(textMarshalerType)
}

// checkStruct checks every field JSON would see, following embedded
// structs as JSON does, and refuses what it would drop.
func (c *typeChecker) checkStruct(t reflect.Type, addr bool) error {
	names := map[string]string{} // JSON name -> the field's path, to find clashes
	return c.fields(t, addr, t.String(), names, 0)
}

func (c *typeChecker) fields(t reflect.Type, addr bool, path string, names map[string]string, depth int) error {
	if depth > 32 {
		return fmt.Errorf("%s: embedded structs nested too deep", path)
	}
	for i := range t.NumField() {
		f := t.Field(i)
		fpath := path + "." + f.Name
		tag := f.Tag.Get("json")
		if tag == "-" {
			return fmt.Errorf("field %s is tagged json:\"-\", so JSON leaves it out", fpath)
		}
		name, _, _ := strings.Cut(tag, ",")
		ft := f.Type
		if f.Anonymous && name == "" {
			et := ft
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct && !marshals(et, addr || ft.Kind() == reflect.Pointer) {
				if err := c.fields(et, addr || ft.Kind() == reflect.Pointer, fpath, names, depth+1); err != nil {
					return err
				}
				continue
			}
		}
		if !f.IsExported() {
			return fmt.Errorf("field %s is unexported, so JSON leaves it out", fpath)
		}
		if name == "" {
			name = f.Name
		}
		if prev, dup := names[name]; dup {
			return fmt.Errorf("fields %s and %s share the JSON name %q, so JSON keeps at most one", prev, fpath, name)
		}
		names[name] = fpath
		if err := c.check(ft, addr); err != nil {
			return fmt.Errorf("field %s: %w", fpath, err)
		}
	}
	return nil
}

// errTooDeep stops checkValue on a cyclic or absurdly deep value; JSON
// refuses those too.
var errTooDeep = errors.New("value nested more than 1000 levels deep")

// checkValue checks the dynamic type of every interface value inside v
// with checkType, for candidate types that hold interfaces.
func checkValue(v reflect.Value, addr bool, depth int) error {
	if depth > 1000 {
		return errTooDeep
	}
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			return nil
		}
		e := v.Elem()
		info := checkType(e.Type(), false)
		if info.err != nil {
			return info.err
		}
		if info.hasInterface {
			return checkValue(e, false, depth+1)
		}
	case reflect.Pointer:
		if !v.IsNil() && !marshals(v.Type(), addr) {
			return checkValue(v.Elem(), true, depth+1)
		}
	case reflect.Slice, reflect.Array:
		if marshals(v.Type(), addr) {
			return nil
		}
		for i := range v.Len() {
			if err := checkValue(v.Index(i), addr || v.Kind() == reflect.Slice, depth+1); err != nil {
				return fmt.Errorf("[%d]: %w", i, err)
			}
		}
	case reflect.Map:
		if marshals(v.Type(), addr) {
			return nil
		}
		for it := v.MapRange(); it.Next(); {
			if err := checkValue(it.Value(), false, depth+1); err != nil {
				return fmt.Errorf("[%s]: %w", strictjson.Clip(fmt.Sprint(it.Key())), err)
			}
		}
	case reflect.Struct:
		return checkFields(v, addr, depth)
	}
	return nil
}

func checkFields(v reflect.Value, addr bool, depth int) error {
	if marshals(v.Type(), addr) {
		return nil
	}
	for i := range v.NumField() {
		if err := checkValue(v.Field(i), addr, depth+1); err != nil {
			return fmt.Errorf(".%s: %w", v.Type().Field(i).Name, err)
		}
	}
	return nil
}
