package provider

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/evalopt/evalopt/evaluator"
)

// ErrUnknownModel is matched by the error PriceTable.Cost returns for a
// model the table has no price for: an unpriced call is an error, never a
// cost of 0 that would keep WithMaxCost from firing.
var ErrUnknownModel = errors.New("provider: no price for model")

// Price is what one model costs, in the caller's currency per million
// tokens.
type Price struct {
	// Input is the price of uncached input tokens.
	Input float64 `json:"input"`
	// CachedInput is the price of input tokens read from the provider's
	// prompt cache; 0 means the provider gives no discount and they cost
	// Input.
	CachedInput float64 `json:"cachedInput,omitempty"`
	// CacheWrite is the price of input tokens written to the prompt cache
	// (Anthropic's cache_creation_input_tokens); 0 means they cost Input.
	CacheWrite float64 `json:"cacheWrite,omitempty"`
	// Output is the price of output tokens (reasoning tokens included).
	Output float64 `json:"output"`
}

// Usage is the token usage of one model call, as the provider reports it.
// The counts are disjoint: every input token is in exactly one of
// InputTokens, CachedInputTokens and CacheWriteTokens. (OpenAI's
// prompt_tokens include the cached ones: InputTokens is prompt_tokens minus
// prompt_tokens_details.cached_tokens. Anthropic's input_tokens exclude
// cache reads and writes.)
type Usage struct {
	// Model is the model the provider says answered.
	Model string `json:"model"`
	// InputTokens are the uncached input tokens.
	InputTokens int64 `json:"inputTokens"`
	// CachedInputTokens are the input tokens read from the prompt cache.
	CachedInputTokens int64 `json:"cachedInputTokens,omitempty"`
	// CacheWriteTokens are the input tokens written to the prompt cache.
	CacheWriteTokens int64 `json:"cacheWriteTokens,omitempty"`
	// OutputTokens are the output tokens, reasoning included.
	OutputTokens int64 `json:"outputTokens"`
}

// PriceTable maps model names to prices. The caller supplies it (prices
// change; the library ships none). A model is found by its exact name
// (ignoring case and surrounding space) or else by family (ModelFamily), so
// "gpt-4.1" prices "openai/gpt-4.1-2025-04-14".
type PriceTable map[string]Price

// Price returns the price of model: an exact entry (ignoring case and
// surrounding space) first, else the entry of the same family. Entries of
// the same family with different prices make a family match ambiguous: an
// error. A model with no entry gives an error matching ErrUnknownModel.
func (t PriceTable) Price(model string) (Price, error) {
	want := strings.TrimSpace(model)
	for name, p := range t {
		if strings.EqualFold(strings.TrimSpace(name), want) {
			return p, nil
		}
	}
	fam := evaluator.ModelFamily(model)
	var found []string
	var price Price
	for name, p := range t {
		if fam != "" && evaluator.ModelFamily(name) == fam {
			if len(found) > 0 && p != price {
				found = append(found, name)
				sort.Strings(found)
				return Price{}, fmt.Errorf("provider: price of model %q: entries %q of its family disagree", model, found)
			}
			found = append(found, name)
			price = p
		}
	}
	if len(found) == 0 {
		return Price{}, fmt.Errorf("%w %q", ErrUnknownModel, model)
	}
	return price, nil
}

// Cost returns what u cost under the table's price for u.Model:
// (InputTokens×Input + CachedInputTokens×CachedInput +
// CacheWriteTokens×CacheWrite + OutputTokens×Output) / 1e6, a zero
// CachedInput or CacheWrite price counting as Input. It fails for an
// unknown model (ErrUnknownModel), a negative token count, or a negative,
// NaN or infinite price, naming the field.
func (t PriceTable) Cost(u Usage) (float64, error) {
	p, err := t.Price(u.Model)
	if err != nil {
		return 0, err
	}
	for _, f := range []struct {
		name string
		v    float64
	}{{"input", p.Input}, {"cachedInput", p.CachedInput}, {"cacheWrite", p.CacheWrite}, {"output", p.Output}} {
		if math.IsNaN(f.v) || math.IsInf(f.v, 0) || f.v < 0 {
			return 0, fmt.Errorf("provider: price of model %q: %s: must be finite and >= 0, got %v", u.Model, f.name, f.v)
		}
	}
	for _, f := range []struct {
		name string
		v    int64
	}{{"inputTokens", u.InputTokens}, {"cachedInputTokens", u.CachedInputTokens}, {"cacheWriteTokens", u.CacheWriteTokens}, {"outputTokens", u.OutputTokens}} {
		if f.v < 0 {
			return 0, fmt.Errorf("provider: usage of model %q: %s: must be >= 0, got %d", u.Model, f.name, f.v)
		}
	}
	cached, write := p.CachedInput, p.CacheWrite
	if cached == 0 {
		cached = p.Input
	}
	if write == 0 {
		write = p.Input
	}
	c := float64(u.InputTokens)*p.Input + float64(u.CachedInputTokens)*cached +
		float64(u.CacheWriteTokens)*write + float64(u.OutputTokens)*p.Output
	return c / 1e6, nil
}

// ReportUsage prices u with Cost and reports both to the meter ctx carries:
// the usage with AddUsage (so the trace shows the model that answered and
// its tokens) and the cost with AddCost. It returns Cost's error (reporting
// nothing), so that an adapter can fail the call rather than let an
// unpriced model run unmetered. A ctx that carries no meter is not an
// error: the cost is returned and dropped.
func (t PriceTable) ReportUsage(ctx context.Context, u Usage) (float64, error) {
	c, err := t.Cost(u)
	if err != nil {
		return 0, err
	}
	AddUsage(ctx, u)
	AddCost(ctx, c)
	return c, nil
}
