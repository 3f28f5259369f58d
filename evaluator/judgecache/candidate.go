package judgecache

import (
	"encoding/json"
	"fmt"
	"reflect"
)

// CandidateKeyer is implemented by a candidate type that encodes itself for
// the cache key instead of by its JSON encoding: a type JSON cannot encode
// faithfully (unexported fields, a field tagged json:"-", a channel), or
// one whose JSON encoding is slow. CandidateKey must return different bytes
// for any two candidates a judge could judge differently. A pointer-receiver
// method counts. An error is returned by Cache.Evaluate, and the judge is
// not called.
type CandidateKeyer interface {
	CandidateKey() ([]byte, error)
}

// encodeMode says how a candidate type is written into the key.
type encodeMode int

const (
	modeJSON encodeMode = iota
	modeString
	modeBytes
	modeKeyer    // C implements CandidateKeyer
	modePtrKeyer // *C implements CandidateKeyer
	modeDynamic  // C is an interface type: keyed by the dynamic value
)

// codec writes candidates of one type into a key.
type codec[C any] struct {
	typeName string // the type's identity, keyed so two types never share an entry
	mode     encodeMode
	walk     bool // the type holds interfaces: check their dynamic types at each call
}

var candidateKeyerType = reflect.TypeFor[CandidateKeyer]()

// newCodec returns the codec of C, or an error naming what JSON would lose
// in C (see checkType).
func newCodec[C any]() (codec[C], error) {
	t := reflect.TypeFor[C]()
	c := codec[C]{typeName: t.PkgPath() + "." + t.String()}
	switch {
	case t.Kind() == reflect.Interface:
		c.mode, c.walk = modeDynamic, true
	case t.Implements(candidateKeyerType):
		c.mode = modeKeyer
	case reflect.PointerTo(t).Implements(candidateKeyerType):
		c.mode = modePtrKeyer
	case t == reflect.TypeFor[string]():
		c.mode = modeString
	case t == reflect.TypeFor[[]byte]():
		c.mode = modeBytes
	default:
		info := checkType(t, true)
		if info.err != nil {
			return codec[C]{}, fmt.Errorf("%w: candidate type %s: %w; implement judgecache.CandidateKeyer to key it", ErrInvalidCache, t, info.err)
		}
		c.walk = info.hasInterface
	}
	return c, nil
}

// write writes the candidate's type and encoding into w.
func (c codec[C]) write(w *fieldWriter, cand C) error {
	w.str(c.typeName)
	w.num(int(c.mode))
	switch c.mode {
	case modeString:
		w.str(any(cand).(string))
		return nil
	case modeBytes:
		w.bytes(any(cand).([]byte))
		return nil
	case modeKeyer:
		return writeKeyer(w, any(cand).(CandidateKeyer))
	case modePtrKeyer:
		return writeKeyer(w, any(&cand).(CandidateKeyer))
	case modeDynamic:
		w.str(fmt.Sprintf("%T", cand)) // nil and each dynamic type keyed apart
		if k, ok := any(cand).(CandidateKeyer); ok {
			return writeKeyer(w, k)
		}
	}
	if c.walk {
		if err := checkValue(reflect.ValueOf(&cand).Elem(), true, 0); err != nil {
			return fmt.Errorf("candidate: %w", err)
		}
	}
	// &cand, not cand: JSON calls pointer-receiver MarshalJSON methods only
	// on addressable values, and checkType assumed the candidate is one.
	b, err := json.Marshal(&cand)
	if err != nil {
		return fmt.Errorf("candidate: JSON encoding: %w", err)
	}
	w.bytes(b)
	return nil
}

func writeKeyer(w *fieldWriter, k CandidateKeyer) error {
	b, err := k.CandidateKey()
	if err != nil {
		return fmt.Errorf("candidate: CandidateKey: %w", err)
	}
	w.bytes(b)
	return nil
}
