package anthropicadapter

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/param"

	"github.com/evalopt/evalopt/adapters/adapterkit"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
)

// DefaultMaxTokens is the reply cap (max_tokens, which the API requires)
// when Config.MaxTokens is zero.
const DefaultMaxTokens = 4096

// Mode says how a judge's reply is held to its schema.
type Mode int

const (
	// ModeTool offers one tool whose input_schema is the schema, with
	// strict true, and forces it with tool_choice; the reply is the tool
	// call's input. The default.
	ModeTool Mode = iota
	// ModeOutputFormat sets output_config.format to the schema
	// (json_schema); the reply is the message's text. Unlike a forced
	// tool, it combines with extended thinking.
	ModeOutputFormat
)

// Config configures a Client. The zero value of every field but Model is
// the documented default.
type Config struct {
	// Model is the model every request names, e.g. "claude-sonnet-4-5".
	// Required. The roles the Client builds report it through Models,
	// which the loop's self-approval guard compares.
	Model string
	// MaxTokens caps each reply (max_tokens). Default DefaultMaxTokens. A
	// reply cut off at the cap is an *provider.TruncatedError.
	MaxTokens int64
	// Mode says how judges constrain their replies. Default ModeTool.
	Mode Mode
	// Prices turns each reply's token usage into cost (per million
	// tokens), which every call reports to the cost meter of its context:
	// the loop's, so Result.Cost and WithMaxCost see it. It must price
	// Model. Default: nil, no cost reported (and WithMaxCost never fires).
	Prices provider.PriceTable
}

// Client calls one Anthropic model through the Messages API. It is safe for
// concurrent use; every role it builds shares it.
type Client struct {
	sdk       anthropic.Client
	model     string
	maxTokens int64
	mode      Mode
	prices    provider.PriceTable
}

// New returns a Client that sends requests through sdk. The SDK's own
// retries are turned off on every request (option.WithMaxRetries(0)),
// whatever sdk was built with, so that retries happen once, in the loop
// (loop.WithRetry), and the trace counts every attempt.
func New(sdk anthropic.Client, o Config) (*Client, error) {
	if err := adapterkit.CheckConfig(pkgName, o.Model, o.MaxTokens, DefaultMaxTokens, o.Prices); err != nil {
		return nil, err
	}
	if o.Mode != ModeTool && o.Mode != ModeOutputFormat {
		return nil, fmt.Errorf("anthropicadapter: %w", &evaluator.FieldError{Field: "Config.Mode", Problem: fmt.Sprintf("unknown mode %d", o.Mode), Err: evaluator.ErrInvalidOption})
	}
	if o.MaxTokens == 0 {
		o.MaxTokens = DefaultMaxTokens
	}
	return &Client{sdk: sdk, model: o.Model, maxTokens: o.MaxTokens, mode: o.Mode, prices: o.Prices}, nil
}

// Models returns the model the Client calls, as an evaluator.Modeler.
func (c *Client) Models() []string { return []string{c.model} }

// Schema is a strict reply schema and the name the request gives it (the
// tool's name in ModeTool). The schema is sent byte for byte, so the
// property order the caller wrote is the order the model sees.
type Schema struct {
	// Name names the tool (a-z, A-Z, 0-9, _ and -, at most 64 characters).
	Name string
	// Description tells the model what the tool is for. Default: a
	// sentence naming the schema.
	Description string
	// JSON is the schema itself; its root must be an object.
	JSON json.RawMessage
}

// Complete sends one message with a system prompt and a user message and
// returns the reply's text. With a non-nil schema the reply is held to it:
// in ModeTool by a strict tool the request forces, the reply being the
// tool call's input; in ModeOutputFormat by output_config.format. The
// reply's usage is reported as cost (see Config.Prices) before any check,
// because the tokens are billed whether or not the reply is usable.
//
// Errors, each classified by provider.Classify, which loop.WithRetry
// follows:
//   - an HTTP error is an *provider.ProviderError with the status, the
//     error's type ("rate_limit_error", "overloaded_error"), message and
//     request-id header: transient for 408, 409, 429 and 5xx (529
//     overloaded included), permanent for any other 4xx (a bad request, a
//     bad key);
//   - stop_reason "refusal" is an *provider.RefusalError with the model's
//     text (and stop_details' explanation), and stop_reason "max_tokens"
//     an *provider.TruncatedError with the partial reply: both permanent;
//   - a connection the server closed without a reply is marked transient
//     (provider.Transient); a reset or a timeout is returned wrapped,
//     and provider.Classify calls it transient; the context's own error
//     is returned wrapped.
func (c *Client) Complete(ctx context.Context, system, user string, schema *Schema) (string, error) {
	if schema != nil {
		if err := adapterkit.CheckSchema(pkgName, schema.Name, schema.JSON); err != nil {
			return "", err // the caller's mistake, which another attempt cannot fix
		}
	}
	params := anthropic.MessageNewParams{
		Model:     anthropic.Model(c.model),
		MaxTokens: c.maxTokens,
		System:    []anthropic.TextBlockParam{{Text: system}},
		Messages:  []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock(user))},
	}
	if schema != nil {
		if c.mode == ModeTool {
			desc := schema.Description
			if desc == "" {
				desc = "Record the reply as " + schema.Name + "."
			}
			params.Tools = []anthropic.ToolUnionParam{{OfTool: &anthropic.ToolParam{
				Name:        schema.Name,
				Description: anthropic.String(desc),
				Strict:      anthropic.Bool(true),
				// Override sends the bytes verbatim: decoding the schema
				// into the SDK's map-typed fields would sort its properties.
				InputSchema: param.Override[anthropic.ToolInputSchemaParam](schema.JSON),
			}}}
			params.ToolChoice = anthropic.ToolChoiceParamOfTool(schema.Name)
		} else {
			format, err := json.Marshal(struct {
				Type   string          `json:"type"`
				Schema json.RawMessage `json:"schema"`
			}{"json_schema", schema.JSON})
			if err != nil {
				return "", fmt.Errorf("anthropicadapter: schema %s: %w", schema.Name, err)
			}
			params.OutputConfig = anthropic.OutputConfigParam{
				Format: param.Override[anthropic.JSONOutputFormatParam](json.RawMessage(format)),
			}
		}
	}
	var res *http.Response
	msg, err := c.sdk.Messages.New(ctx, params, option.WithMaxRetries(0), option.WithResponseInto(&res))
	if err != nil {
		return "", providerError(err)
	}
	reqID := ""
	if res != nil {
		reqID = res.Header.Get("request-id")
	}
	if err := adapterkit.ReportCost(ctx, pkgName, c.prices, c.model, usage(string(msg.Model), msg.Usage)); err != nil {
		return "", err
	}
	text, input := replyText(msg, schema, c.mode)
	switch msg.StopReason {
	case anthropic.StopReasonRefusal:
		if ex := msg.StopDetails.Explanation; ex != "" {
			text = strings.TrimSpace(text + " (" + ex + ")")
		}
		return "", &provider.RefusalError{Provider: providerName, Model: string(msg.Model), Text: text, RequestID: reqID}
	case anthropic.StopReasonMaxTokens, anthropic.StopReasonModelContextWindowExceeded:
		return "", &provider.TruncatedError{Provider: providerName, Reason: string(msg.StopReason), Text: text + input, RequestID: reqID}
	}
	if schema != nil && c.mode == ModeTool {
		if input == "" {
			// No status to classify: the loop may retry it.
			return "", &provider.ProviderError{Provider: providerName, RequestID: reqID,
				Message: fmt.Sprintf("reply (stop_reason %q) has no call of the forced tool %q", msg.StopReason, schema.Name)}
		}
		return input, nil
	}
	return text, nil
}

// replyText returns the reply's text blocks joined, and the input of the
// call of schema's tool (ModeTool), if any.
func replyText(msg *anthropic.Message, schema *Schema, mode Mode) (text, input string) {
	var b strings.Builder
	for _, block := range msg.Content {
		switch block.Type {
		case "text":
			b.WriteString(block.Text)
		case "tool_use":
			if schema != nil && mode == ModeTool && block.Name == schema.Name {
				input = string(block.Input)
			}
		}
	}
	return b.String(), input
}

// provider names Anthropic in the errors the Client returns.
const providerName = "anthropic"

// pkgName starts the errors the package returns.
const pkgName = "anthropicadapter"

// providerError turns an API error from the SDK into an
// *provider.ProviderError that keeps the status, the error's type and
// message and the request id, and wraps the SDK's error. An error
// without an HTTP reply goes to adapterkit.TransportError (a dropped
// connection is transient; a reset, a timeout or the context ending is
// returned wrapped, for provider.Classify).
func providerError(err error) error {
	var api *anthropic.Error
	if !errors.As(err, &api) {
		return adapterkit.TransportError(pkgName, err)
	}
	return &provider.ProviderError{
		Provider:   providerName,
		StatusCode: api.StatusCode,
		Code:       string(api.Type()),
		Message:    api.Message,
		RequestID:  api.RequestID,
		Err:        err,
	}
}
