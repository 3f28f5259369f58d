package openaiadapter

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"

	"github.com/evalopt/evalopt/evaluator"
)

// DefaultMaxTokens is the reply cap (max_completion_tokens) when
// Config.MaxTokens is zero.
const DefaultMaxTokens = 4096

// Config configures a Client. The zero value of every field but Model is
// the documented default.
type Config struct {
	// Model is the model every request names, e.g. "gpt-4.1". Required.
	// The roles the Client builds report it through Model(), which the
	// loop's self-approval guard compares.
	Model string
	// MaxTokens caps each reply (max_completion_tokens). Default
	// DefaultMaxTokens. A reply cut off at the cap is a *TruncationError.
	MaxTokens int64
	// Prices turns each reply's token usage into cost (per million
	// tokens), which every call reports to the cost meter of its context:
	// the loop's, so Result.Cost and WithMaxCost see it. It must price
	// Model. Default: nil, no cost reported (and WithMaxCost never fires).
	Prices evaluator.PriceTable
}

// Client calls one OpenAI model through Chat Completions. It is safe for
// concurrent use; every role it builds shares it.
type Client struct {
	sdk       openai.Client
	model     string
	maxTokens int64
	prices    evaluator.PriceTable
}

// New returns a Client that sends requests through sdk. The SDK's own
// retries are turned off on every request (option.WithMaxRetries(0)),
// whatever sdk was built with, so that retries happen once, in the loop
// (loop.WithRetry), and the trace counts every attempt.
func New(sdk openai.Client, cfg Config) (*Client, error) {
	if strings.TrimSpace(cfg.Model) == "" {
		return nil, configError("Model", "empty")
	}
	if cfg.MaxTokens < 0 {
		return nil, configError("MaxTokens", fmt.Sprintf("must be >= 0 (0 means the default, %d), got %d", DefaultMaxTokens, cfg.MaxTokens))
	}
	if cfg.Prices != nil {
		if _, err := cfg.Prices.Price(cfg.Model); err != nil {
			return nil, configError("Prices", err.Error())
		}
	}
	if cfg.MaxTokens == 0 {
		cfg.MaxTokens = DefaultMaxTokens
	}
	return &Client{sdk: sdk, model: cfg.Model, maxTokens: cfg.MaxTokens, prices: cfg.Prices}, nil
}

// configError is New's error for a Config field out of range: an
// *evaluator.FieldError naming it ("Config.Model"), matching
// evaluator.ErrInvalidOption like every configuration error of evalopt.
func configError(field, problem string) error {
	return fmt.Errorf("openaiadapter: %w", &evaluator.FieldError{Field: "Config." + field, Problem: problem, Err: evaluator.ErrInvalidOption})
}

// Models returns the model the Client calls, as an evaluator.Modeler.
func (c *Client) Models() []string { return []string{c.model} }

// Schema is a strict response format: the JSON Schema the reply must match,
// and the name the request gives it. The schema is sent byte for byte, so
// the property order the caller wrote is the order the model sees.
type Schema struct {
	// Name names the format in the request (a-z, A-Z, 0-9, _ and -, at
	// most 64 characters).
	Name string
	// JSON is the schema itself.
	JSON json.RawMessage
}

// validate checks a schema before it is sent; a bad one is the caller's
// mistake, which another attempt cannot fix.
func (s *Schema) validate() error {
	switch {
	case s == nil:
		return nil
	case strings.TrimSpace(s.Name) == "":
		return evaluator.Permanent(errors.New("openaiadapter: Schema.Name: empty"))
	case !json.Valid(s.JSON):
		return evaluator.Permanent(fmt.Errorf("openaiadapter: Schema.JSON (%s): not valid JSON", s.Name))
	}
	return nil
}

// Complete sends one chat completion with a system and a user message and
// returns the reply's text. With a non-nil schema the reply is constrained
// by response_format json_schema with strict true. The reply's usage is
// reported as cost (see Config.Prices) before any check, because the
// tokens are billed whether or not the reply is usable.
//
// Errors, each classified by evaluator.Classify, which loop.WithRetry
// follows:
//   - an HTTP error is an *evaluator.ProviderError with the status, the
//     provider's code (or its type when it has no code), message and
//     x-request-id: transient for 408, 409, 429 and 5xx, permanent for any
//     other 4xx (a bad request, a bad key);
//   - a refusal (message.refusal, or finish_reason "content_filter") is an
//     *evaluator.RefusalError with the model's text, and a reply cut off at
//     MaxTokens (finish_reason "length") an *evaluator.TruncatedError with
//     the partial text: both permanent;
//   - a connection the server closed without a reply is marked transient
//     (evaluator.Transient); a reset or a timeout is returned wrapped,
//     and evaluator.Classify calls it transient; the context's own error
//     is returned wrapped.
func (c *Client) Complete(ctx context.Context, system, user string, schema *Schema) (string, error) {
	if err := schema.validate(); err != nil {
		return "", err
	}
	params := openai.ChatCompletionNewParams{
		Model:               c.model,
		Messages:            []openai.ChatCompletionMessageParamUnion{openai.SystemMessage(system), openai.UserMessage(user)},
		MaxCompletionTokens: openai.Int(c.maxTokens),
	}
	if schema != nil {
		params.ResponseFormat = openai.ChatCompletionNewParamsResponseFormatUnion{
			OfJSONSchema: &shared.ResponseFormatJSONSchemaParam{
				JSONSchema: shared.ResponseFormatJSONSchemaJSONSchemaParam{
					Name:   schema.Name,
					Strict: openai.Bool(true),
					Schema: schema.JSON, // a json.RawMessage goes out verbatim
				},
			},
		}
	}
	var res *http.Response
	comp, err := c.sdk.Chat.Completions.New(ctx, params,
		option.WithMaxRetries(0), option.WithResponseInto(&res))
	if err != nil {
		return "", providerError(err)
	}
	reqID := ""
	if res != nil {
		reqID = res.Header.Get("x-request-id")
	}
	if err := c.reportCost(ctx, comp.Model, comp.Usage); err != nil {
		return "", err
	}
	if len(comp.Choices) == 0 {
		// No status to classify: the loop may retry it.
		return "", &evaluator.ProviderError{Provider: provider, Message: "reply has no choices", RequestID: reqID}
	}
	ch := comp.Choices[0]
	switch {
	case ch.Message.Refusal != "":
		return "", &evaluator.RefusalError{Provider: provider, Model: comp.Model, Text: ch.Message.Refusal, RequestID: reqID}
	case ch.FinishReason == "content_filter":
		return "", &evaluator.RefusalError{Provider: provider, Model: comp.Model, Text: "content_filter: " + ch.Message.Content, RequestID: reqID}
	case ch.FinishReason == "length":
		return "", &evaluator.TruncatedError{Provider: provider, Reason: "length", Text: ch.Message.Content, RequestID: reqID}
	}
	return ch.Message.Content, nil
}

// provider names OpenAI in the errors the Client returns.
const provider = "openai"

// providerError turns an API error from the SDK into an
// *evaluator.ProviderError that keeps the status, the provider's code and
// message and the request id, and wraps the SDK's error. A connection the
// server closed without a reply is marked transient; anything else (a
// reset, a timeout, the context ending) is returned wrapped:
// evaluator.Classify reads those directly.
func providerError(err error) error {
	var api *openai.Error
	if !errors.As(err, &api) {
		if errors.Is(err, io.EOF) && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
			// The server closed the connection without a reply: net/http
			// reports a bare io.EOF, which evaluator.Classify cannot tell
			// from other EOFs; for a model call it is a dropped
			// connection, worth another attempt.
			return evaluator.Transient(fmt.Errorf("openaiadapter: connection closed without a reply: %w", err))
		}
		return fmt.Errorf("openaiadapter: %w", err)
	}
	pe := &evaluator.ProviderError{Provider: provider, StatusCode: api.StatusCode, Code: api.Code, Message: api.Message, Err: err}
	if pe.Code == "" {
		pe.Code = api.Type
	}
	if api.Response != nil {
		pe.RequestID = api.Response.Header.Get("x-request-id")
	}
	return pe
}
