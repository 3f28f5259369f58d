package check

import (
	"github.com/evalopt/evalopt/evaluator"
)

// OnlyFor returns c restricted to documents of the given kinds: on a
// Document whose Kind is not among them, Check returns nil. Include the
// empty kind ("") to run c on generic text too. The returned check keeps
// c's rule id and, when c is a RuleLister, its rule list.
func OnlyFor(c Check, kinds ...evaluator.Kind) Check {
	k := &kindCheck{c: c, kinds: make(map[evaluator.Kind]bool, len(kinds))}
	for _, kind := range kinds {
		k.kinds[kind] = true
	}
	return k
}

type kindCheck struct {
	c     Check
	kinds map[evaluator.Kind]bool
}

// Rule returns the wrapped check's rule id.
func (k *kindCheck) Rule() string { return k.c.Rule() }

// Rules returns the wrapped check's rule list, or its one rule id when it
// lists none.
func (k *kindCheck) Rules() []string {
	if rl, ok := k.c.(RuleLister); ok {
		return rl.Rules()
	}
	return []string{k.c.Rule()}
}

// Check runs the wrapped check on doc when doc's kind is one of k's, and
// returns nil otherwise.
func (k *kindCheck) Check(doc Document) []Finding {
	if !k.kinds[doc.Kind] {
		return nil
	}
	return k.c.Check(doc)
}
