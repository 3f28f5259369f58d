package values

import (
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// This file decides whether two mentions may be one quantity at all: their
// class, rate, tense, stance, table and cited items.

// effectiveTense is a value's tense with the default resolved: a review
// memo describes the current source (old values) unless it proposes;
// generic text is compared only with what it states unmarked; other
// deliverables are the new text.
func (d *valueDoc) effectiveTense(m *mention) int8 {
	if m.tense != tenseDefault {
		return m.tense
	}
	switch {
	case d.memo:
		return tenseOld
	case d.plain:
		return tenseCur
	}
	return tenseNew
}

// comparable reports whether two mentions may be the same quantity at all.
func (d *valueDoc) comparable(p, q *mention) bool {
	if p.class != q.class || p.sent == q.sent {
		return false
	}
	if strings.HasPrefix(p.class, "ratio:") && p.val2 != q.val2 {
		return false // "3 of 5" and "4 of 10" count different wholes
	}
	if p.rate != q.rate && (p.rate != "" && q.rate != "" || (p.flags&fTable != 0 || q.flags&fTable != 0) && !vTypoDigits(p, q)) {
		return false // two rates; or a table cell, whose unit is in a heading not read (a mistyped figure keeps its unit)
	}
	if (p.flags|q.flags)&(fHypo|fRange) != 0 || p.flags&(fEach|fExtra|fRemain) != q.flags&(fEach|fExtra|fRemain) {
		return false
	}
	// A total is not one of its parts, unless one figure is a typo of the
	// other.
	if p.flags&fTotal != q.flags&fTotal {
		if near, _ := vNearDigits(p.digits, p.intDigits, q.digits, q.intDigits); !near {
			return false
		}
	}
	// A cap and a floor are two thresholds, not one value.
	if p.flags&fCap != 0 && q.flags&fBound != 0 || p.flags&fBound != 0 && q.flags&fCap != 0 {
		return false
	}
	if d.effectiveTense(p) != d.effectiveTense(q) {
		return false
	}
	if a, b := d.stance(p.sent), d.stance(q.sent); a != b && a != stanceNone && b != stanceNone {
		return false // a measurement and the target it is measured against
	}
	sp, sq := &d.sents[p.sent], &d.sents[q.sent]
	if len(sp.cond) > 0 && len(sq.cond) > 0 && !vSharesID(sp.cond, sq.cond) {
		return false // "If you pay early, 5% off" and "If you hold a pension card, 40% off": two cases
	}
	if sp.table != 0 && sp.table == sq.table {
		return false // rows and columns of one table are different subjects
	}
	if len(p.col) > 0 && len(q.col) > 0 && !vSharesID(p.col, q.col) {
		return false // cells under unlike column headings ("Monthly fee", "Hourly rate")
	}
	// mentionIDs finds ids only among its sentence's anchors: a sentence
	// with none spares the two scans.
	if sp.hasID && sq.hasID && vDisjointPrefixed(d.mentionIDs(p), d.mentionIDs(q), "id:") || vDisjointPrefixed(sp.quals, sq.quals, "per:") {
		return false
	}
	if p.class != "date" && p.class != "daterange" && vDisjointPrefixed(sp.quals, sq.quals, "date:") {
		return false
	}
	return true
}

// vDisjointPrefixed reports whether a and b both hold entries with prefix
// and share none of them.
func vDisjointPrefixed(a, b []string, prefix string) bool {
	na, nb := 0, 0
	for _, x := range a {
		if strings.HasPrefix(x, prefix) {
			na++
			for _, y := range b {
				if x == y {
					return false
				}
			}
		}
	}
	for _, y := range b {
		if strings.HasPrefix(y, prefix) {
			nb++
		}
	}
	return na > 0 && nb > 0
}

// stance returns what sentence i states its values as: stanceMeasured for
// an observation ("the measured availability was 99.2%", "actual
// downtime"), stanceTarget for a commitment ("the SLA promises 99.9%", "a
// target of"), stanceNone for neither.
func (d *valueDoc) stance(i int) int8 {
	s := &d.sents[i]
	if s.cmp == 0 && !vMayStateStance(d.text[s.start:s.end]) {
		s.cmp = stanceNone // no stance word can be in it: spare the word scan
	}
	if s.cmp == 0 {
		meas, target := false, false
		text := d.text[s.start:s.end]
		var buf [16]byte
		for j := 0; j < len(text); {
			a, b := doctext.NextWord(text, j, len(text))
			if a >= len(text) {
				break
			}
			j = b
			if b-a < 6 || b-a > len(buf) {
				continue
			}
			switch string(doctext.LowerInto(buf[:0], text[a:b])) {
			case "measured", "actual", "actually", "achieved", "observed", "recorded":
				meas = true
			case "promise", "promises", "promised", "guarantee", "guarantees", "guaranteed", "target", "targets", "commits", "committed", "commitment":
				target = true
			}
		}
		// An observation set against its target ("99.2%, below the
		// promise") is an observation.
		switch {
		case meas:
			s.cmp = stanceMeasured
		case target:
			s.cmp = stanceTarget
		default:
			s.cmp = stanceNone
		}
	}
	return s.cmp
}

// vMayStateStance reports whether text may hold one of stance's words: a
// byte scan for their stems, ASCII case aside, that rules out most
// sentences. Two runes lower-case to ASCII letters (U+0130 to "i", U+212A
// to "k"): a text holding them is left to the word scan.
func vMayStateStance(text string) bool {
	if strings.Contains(text, "\u0130") || strings.Contains(text, "\u212a") {
		return true
	}
	for i := 0; i+6 <= len(text); i++ {
		w := text[i:]
		switch text[i] | 0x20 {
		case 'm':
			if doctext.AsciiFoldPrefix(w, "measured") {
				return true
			}
		case 'a':
			if doctext.AsciiFoldPrefix(w, "actual") || doctext.AsciiFoldPrefix(w, "achieved") {
				return true
			}
		case 'o':
			if doctext.AsciiFoldPrefix(w, "observed") {
				return true
			}
		case 'r':
			if doctext.AsciiFoldPrefix(w, "recorded") {
				return true
			}
		case 'p':
			if doctext.AsciiFoldPrefix(w, "promise") {
				return true
			}
		case 'g':
			if doctext.AsciiFoldPrefix(w, "guarantee") {
				return true
			}
		case 't':
			if doctext.AsciiFoldPrefix(w, "target") {
				return true
			}
		case 'c':
			if doctext.AsciiFoldPrefix(w, "commit") {
				return true
			}
		}
	}
	return false
}

// Stances of a sentence's values (see stance).
const (
	stanceNone int8 = iota + 1
	stanceMeasured
	stanceTarget
)
