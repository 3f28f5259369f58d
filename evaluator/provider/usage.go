package provider

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"
)

// The bounds of what a meter keeps of the usages reported during one span
// (see addUsage): a role may call a model any number of times, and the
// trace must stay bounded whatever it does.
const (
	// maxUsages is how many usages a meter keeps as reported; past it, a
	// report is added to the kept usage of the same model, or to the last
	// one when none is of that model.
	maxUsages = 64
	// maxModelName bounds the model name a usage keeps, in bytes.
	maxModelName = 256
)

// AddUsage reports the token usage of one model call to the meter ctx
// carries, with u.Model the model the provider says answered (it may be a
// dated snapshot of the model requested). Model adapters call it once per
// model call with the context the role call received; PriceTable.ReportUsage
// calls it for them. The loop puts what a role call reported in its trace
// step (loop.Step.Usage) and sums it per role; it costs nothing: report the
// cost with AddCost (or ReportUsage, which does both).
//
// It returns true when u was recorded, and false when ctx carries no meter,
// the meter is closed, or a token count is negative; the meter then keeps
// the first such error (matching ErrInvalidCost, naming the field) so the
// loop can fail instead of under-counting. Surrounding space is trimmed
// from u.Model and a name longer than 256 bytes is cut. A meter keeps the
// first 64 usages of a span as reported; later ones are added to the kept
// usage of the same model (or, when none is of that model, to the last
// one, whose Model then becomes "(several models)"), so the totals stay
// exact and the trace bounded. It is safe for concurrent use.
func AddUsage(ctx context.Context, u Usage) bool {
	m := CostMeterFrom(ctx)
	if m == nil {
		return false
	}
	return m.addUsage(u)
}

// severalModels is the model of a usage that sums usages of more than one
// model (see AddUsage).
const severalModels = "(several models)"

// addUsage records u; see AddUsage.
func (m *CostMeter) addUsage(u Usage) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return false
	}
	if err := checkUsage(u); err != nil {
		if m.bad == nil {
			m.bad = err
		}
		return false
	}
	u.Model = boundModel(u.Model)
	if len(m.usage) < maxUsages {
		m.usage = append(m.usage, u)
		return true
	}
	k := len(m.usage) - 1
	for i := range m.usage {
		if m.usage[i].Model == u.Model {
			k = i
			break
		}
	}
	into := &m.usage[k]
	if into.Model != u.Model {
		into.Model = severalModels
	}
	into.InputTokens += u.InputTokens
	into.CachedInputTokens += u.CachedInputTokens
	into.CacheWriteTokens += u.CacheWriteTokens
	into.OutputTokens += u.OutputTokens
	return true
}

// checkUsage returns the error of a usage with a negative token count.
func checkUsage(u Usage) error {
	for _, f := range [...]struct {
		name string
		v    int64
	}{{"inputTokens", u.InputTokens}, {"cachedInputTokens", u.CachedInputTokens}, {"cacheWriteTokens", u.CacheWriteTokens}, {"outputTokens", u.OutputTokens}} {
		if f.v < 0 {
			return fmt.Errorf("%w: AddUsage: %s: must be >= 0, got %d", ErrInvalidCost, f.name, f.v)
		}
	}
	return nil
}

// boundModel trims name and cuts it to maxModelName bytes on a rune
// boundary.
func boundModel(name string) string {
	name = strings.TrimSpace(name)
	if len(name) <= maxModelName {
		return name
	}
	cut := maxModelName
	for cut > 0 && !utf8.RuneStart(name[cut]) {
		cut--
	}
	return name[:cut]
}
