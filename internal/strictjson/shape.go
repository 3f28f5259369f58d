package strictjson

// Kind is the JSON type a Shape accepts.
type Kind uint8

const (
	// KindAny accepts any JSON value, null included; the value is still
	// checked for syntax. It is the zero Kind, so a nil or zero Shape
	// accepts anything.
	KindAny Kind = iota
	// KindObject is an object whose keys are exactly Shape.Fields: an
	// unknown key, a duplicate key or a missing required field is an error.
	KindObject
	// KindMap is an object with free keys, each value of shape Shape.Elem;
	// a duplicate key is an error.
	KindMap
	// KindArray is an array whose elements all have shape Shape.Elem.
	KindArray
	// KindString is a JSON string.
	KindString
	// KindNumber is a JSON number that fits a finite float64.
	KindNumber
	// KindInt is a JSON integer (no fraction, no exponent) that fits an int.
	KindInt
	// KindBool is true or false.
	KindBool
)

// String names the kind the way error messages do ("an object").
func (k Kind) String() string {
	switch k {
	case KindObject, KindMap:
		return "an object"
	case KindArray:
		return "an array"
	case KindString:
		return "a string"
	case KindNumber:
		return "a number"
	case KindInt:
		return "an integer"
	case KindBool:
		return "a boolean"
	}
	return "any value"
}

// Shape describes the JSON value Check accepts. Build shapes with Object,
// Map, Array, String, Number, Int, Bool and Any; a Shape is read-only once
// built and safe to share between goroutines.
type Shape struct {
	// Kind is the JSON type accepted; the zero value is KindAny.
	Kind Kind
	// Fields lists the members of a KindObject, in documentation order
	// (missing required fields are reported in this order).
	Fields []Field
	// Elem is the shape of a KindArray's elements or a KindMap's values;
	// nil accepts any value.
	Elem *Shape
	// Nullable accepts null in place of the value. By default null is
	// rejected everywhere except under KindAny, because encoding/json
	// would decode it as a zero value.
	Nullable bool
}

// Field is one member of a KindObject shape.
type Field struct {
	// Name is the JSON key, matched exactly (case-sensitive).
	Name string
	// Shape is the value's shape; nil accepts any value.
	Shape *Shape
	// Required makes a missing key an error ("name: missing").
	Required bool
}

// Required returns a field that must be present.
func Required(name string, s *Shape) Field { return Field{Name: name, Shape: s, Required: true} }

// Optional returns a field that may be absent.
func Optional(name string, s *Shape) Field { return Field{Name: name, Shape: s} }

// Object returns the shape of an object with exactly the given fields.
func Object(fields ...Field) *Shape { return &Shape{Kind: KindObject, Fields: fields} }

// Map returns the shape of an object with free keys whose values have
// shape values.
func Map(values *Shape) *Shape { return &Shape{Kind: KindMap, Elem: values} }

// Array returns the shape of an array whose elements have shape elem.
func Array(elem *Shape) *Shape { return &Shape{Kind: KindArray, Elem: elem} }

// String returns the shape of a JSON string.
func String() *Shape { return &Shape{Kind: KindString} }

// Number returns the shape of a JSON number that fits a finite float64.
func Number() *Shape { return &Shape{Kind: KindNumber} }

// Int returns the shape of a JSON integer that fits an int.
func Int() *Shape { return &Shape{Kind: KindInt} }

// Bool returns the shape of true or false.
func Bool() *Shape { return &Shape{Kind: KindBool} }

// Any returns a shape that accepts any JSON value, null included.
func Any() *Shape { return &Shape{} }

// OrNull returns a copy of s that also accepts null (see Shape.Nullable),
// as encoding/json writes for a nil slice or map.
func (s *Shape) OrNull() *Shape {
	c := Shape{}
	if s != nil {
		c = *s
	}
	c.Nullable = true
	return &c
}

// field returns the index of the field named name, or -1.
func (s *Shape) field(name string) int {
	for i := range s.Fields {
		if s.Fields[i].Name == name {
			return i
		}
	}
	return -1
}
