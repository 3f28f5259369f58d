package openaiadapter

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"

	"github.com/evalopt/evalopt/adapters/adapterkit"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
)

// DefaultMaxTokens is the reply cap (max_completion_tokens) when
// Config.MaxTokens is zero.
const DefaultMaxTokens = 4096

// API says which OpenAI API a Client calls.
type API int

const (
	// APIChatCompletions calls Chat Completions (POST /chat/completions):
	// a system and a user message, a strict json_schema response_format.
	// The default.
	APIChatCompletions API = iota
	// APIResponses calls the Responses API (POST /responses): the system
	// prompt as instructions, the user message as input, a strict
	// json_schema text.format.
	APIResponses
)

// Config configures a Client. The zero value of every field but Model is
// the documented default.
type Config struct {
	// Model is the model every request names, e.g. "gpt-4.1". Required.
	// The roles the Client builds report it through Model(), which the
	// loop's self-approval guard compares.
	Model string
	// API is the API the Client calls. Default APIChatCompletions. Both
	// keep the same promises: errors classified the same way, the SDK's
	// retries off, usage priced and reported, schemas strict and sent
	// byte for byte.
	API API
	// MaxTokens caps each reply (max_completion_tokens, or
	// max_output_tokens on the Responses API). Default
	// DefaultMaxTokens. A reply cut off at the cap is an
	// *provider.TruncatedError.
	MaxTokens int64
	// Prices turns each reply's token usage into cost (per million
	// tokens), which every call reports to the cost meter of its context:
	// the loop's, so Result.Cost and WithMaxCost see it. It must price
	// Model. Default: nil, no cost reported (and WithMaxCost never fires).
	Prices provider.PriceTable
}

// Client calls one OpenAI model through Chat Completions or the Responses
// API (Config.API). It is safe for concurrent use; every role it builds
// shares it.
type Client struct {
	sdk       openai.Client
	model     string
	api       API
	maxTokens int64
	prices    provider.PriceTable
}

// New returns a Client that sends requests through sdk. The SDK's own
// retries are turned off on every request (option.WithMaxRetries(0)),
// whatever sdk was built with, so that retries happen once, in the loop
// (loop.WithRetry), and the trace counts every attempt.
func New(sdk openai.Client, o Config) (*Client, error) {
	if err := adapterkit.CheckConfig(pkgName, o.Model, o.MaxTokens, DefaultMaxTokens, o.Prices); err != nil {
		return nil, err
	}
	if o.API != APIChatCompletions && o.API != APIResponses {
		return nil, fmt.Errorf("%s: %w", pkgName, &evaluator.FieldError{Field: "Config.API", Problem: fmt.Sprintf("unknown API %d", o.API), Err: evaluator.ErrInvalidOption})
	}
	if o.MaxTokens == 0 {
		o.MaxTokens = DefaultMaxTokens
	}
	return &Client{sdk: sdk, model: o.Model, api: o.API, maxTokens: o.MaxTokens, prices: o.Prices}, nil
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

// Complete sends one request with a system prompt and a user message and
// returns the reply's text: a chat completion, or a response on the
// Responses API (Config.API). With a non-nil schema the reply is
// constrained by a strict json_schema format (response_format, or
// text.format). The reply's usage is reported as cost (see Config.Prices)
// before any check, because the tokens are billed whether or not the reply
// is usable.
//
// Errors, each classified by provider.Classify, which loop.WithRetry
// follows:
//   - an HTTP error is an *provider.ProviderError with the status, the
//     provider's code (or its type when it has no code), message and
//     x-request-id: transient for 408, 409, 429 and 5xx, permanent for any
//     other 4xx (a bad request, a bad key);
//   - a refusal (message.refusal or a "refusal" output part, or a reply
//     the content filter stopped) is an *provider.RefusalError with the
//     model's text, and a reply cut off at MaxTokens (finish_reason
//     "length", or incomplete for "max_output_tokens") an
//     *provider.TruncatedError with the partial text: both permanent;
//   - a reply without text (no choices, a failed response) is an
//     *provider.ProviderError without a status, which the loop retries;
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
	if c.api == APIResponses {
		return c.completeResponse(ctx, system, user, schema)
	}
	return c.completeChat(ctx, system, user, schema)
}

// completeChat is Complete on Chat Completions.
func (c *Client) completeChat(ctx context.Context, system, user string, schema *Schema) (string, error) {
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
	if err := adapterkit.ReportCost(ctx, pkgName, c.prices, c.model, usage(comp.Model, comp.Usage)); err != nil {
		return "", err
	}
	if len(comp.Choices) == 0 {
		// No status to classify: the loop may retry it.
		return "", &provider.ProviderError{Provider: providerName, Message: "reply has no choices", RequestID: reqID}
	}
	ch := comp.Choices[0]
	switch {
	case ch.Message.Refusal != "":
		return "", &provider.RefusalError{Provider: providerName, Model: comp.Model, Text: ch.Message.Refusal, RequestID: reqID}
	case ch.FinishReason == "content_filter":
		return "", &provider.RefusalError{Provider: providerName, Model: comp.Model, Text: "content_filter: " + ch.Message.Content, RequestID: reqID}
	case ch.FinishReason == "length":
		return "", &provider.TruncatedError{Provider: providerName, Reason: "length", Text: ch.Message.Content, RequestID: reqID}
	}
	return ch.Message.Content, nil
}

// provider names OpenAI in the errors the Client returns.
const providerName = "openai"

// pkgName starts the errors the package returns.
const pkgName = "openaiadapter"

// providerError turns an API error from the SDK into an
// *provider.ProviderError that keeps the status, the provider's code and
// message and the request id, and wraps the SDK's error. An error
// without an HTTP reply goes to adapterkit.TransportError (a dropped
// connection is transient; a reset, a timeout or the context ending is
// returned wrapped, for provider.Classify).
func providerError(err error) error {
	var api *openai.Error
	if !errors.As(err, &api) {
		return adapterkit.TransportError(pkgName, err)
	}
	pe := &provider.ProviderError{Provider: providerName, StatusCode: api.StatusCode, Code: api.Code, Message: api.Message, Err: err}
	if pe.Code == "" {
		pe.Code = api.Type
	}
	if api.Response != nil {
		pe.RequestID = api.Response.Header.Get("x-request-id")
	}
	return pe
}
