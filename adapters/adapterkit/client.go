package adapterkit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
)

// CheckConfig checks the Config every adapter's client takes, in the
// order a caller fixes them: Config.Model is required, Config.MaxTokens
// must not be negative (0 means the adapter's default), and Config.Prices,
// when set, must price Model (so that no call runs unmetered). Each error
// starts with pkg, the adapter's package name, and names the field.
func CheckConfig(pkg, model string, maxTokens, defaultMaxTokens int64, prices provider.PriceTable) error {
	if strings.TrimSpace(model) == "" {
		return configError(pkg, "Model", "empty")
	}
	if maxTokens < 0 {
		return configError(pkg, "MaxTokens", fmt.Sprintf("must be >= 0 (0 means the default, %d), got %d", defaultMaxTokens, maxTokens))
	}
	if prices != nil {
		if _, err := prices.Price(model); err != nil {
			// Both classes hold: a bad option, and which one (ErrUnknownModel).
			return fmt.Errorf("%s: %w", pkg, &evaluator.FieldError{Field: "Config.Prices", Problem: err.Error(), Err: errors.Join(evaluator.ErrInvalidOption, err)})
		}
	}
	return nil
}

// configError is an adapter's error for a Config field out of range: an
// *evaluator.FieldError naming it ("Config.Model"), matching
// evaluator.ErrInvalidOption like every configuration error of evalopt.
func configError(pkg, field, problem string) error {
	return fmt.Errorf("%s: %w", pkg, &evaluator.FieldError{Field: "Config." + field, Problem: problem, Err: evaluator.ErrInvalidOption})
}

// CheckSchema checks a schema before it is sent: it needs a name and valid
// JSON. A bad one is the caller's mistake, which another attempt cannot
// fix, so the error is marked permanent (provider.Permanent); it starts
// with pkg and names the field.
func CheckSchema(pkg, name string, schema json.RawMessage) error {
	switch {
	case strings.TrimSpace(name) == "":
		return provider.Permanent(fmt.Errorf("%s: Schema.Name: empty", pkg))
	case !json.Valid(schema):
		return provider.Permanent(fmt.Errorf("%s: Schema.JSON (%s): not valid JSON", pkg, name))
	}
	return nil
}

// TransportError wraps an error the SDK returned without an HTTP reply
// (the adapter reads API errors itself). A connection the server closed
// without a reply is marked transient: net/http reports a bare io.EOF,
// which provider.Classify cannot tell from other EOFs, and for a model
// call it is a dropped connection, worth another attempt. Anything else (a
// reset, a timeout, the context ending) is returned wrapped, for
// provider.Classify to read directly.
func TransportError(pkg string, err error) error {
	if errors.Is(err, io.EOF) && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		return provider.Transient(fmt.Errorf("%s: connection closed without a reply: %w", pkg, err))
	}
	return fmt.Errorf("%s: %w", pkg, err)
}

// ReportCost prices u with prices and reports it to the cost meter ctx
// carries (the loop's, or the evaluator-quality runner's): the usage
// (provider.AddUsage, which the loop's trace keeps) and its cost. u.Model
// is the reply's own model name, which may be a dated snapshot of the
// requested model (the table matches by family); when the reply names
// none, requested is priced. A model the table cannot price fails the
// call, as a permanent error starting with pkg: running unmetered would
// let WithMaxCost silently never fire. With no table the usage alone is
// reported.
func ReportCost(ctx context.Context, pkg string, prices provider.PriceTable, requested string, u provider.Usage) error {
	if u.Model == "" {
		u.Model = requested
	}
	if prices == nil {
		provider.AddUsage(ctx, u)
		return nil
	}
	if _, err := prices.ReportUsage(ctx, u); err != nil {
		return provider.Permanent(fmt.Errorf("%s: cost: %w", pkg, err))
	}
	return nil
}
