package openaiadapter

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"

	"github.com/evalopt/evalopt/loop"
)

// DefaultMaxTokens is the reply cap (max_completion_tokens) when
// Options.MaxTokens is zero.
const DefaultMaxTokens = 4096

// Options configures a Client. The zero value of every field but Model is
// the documented default.
type Options struct {
	// Model is the model every request names, e.g. "gpt-4.1". Required.
	// The roles the Client builds report it through Model(), which the
	// loop's self-approval guard compares.
	Model string
	// MaxTokens caps each reply (max_completion_tokens). Default
	// DefaultMaxTokens. A reply cut off at the cap is a *TruncationError.
	MaxTokens int64
	// Prices turns each reply's token usage into cost, which the roles
	// report to the loop's cost meter. Default: no prices, no cost
	// reported (and WithMaxCost never fires).
	Prices Prices
}

// Client calls one OpenAI model through Chat Completions. It is safe for
// concurrent use; every role it builds shares it.
type Client struct {
	sdk       openai.Client
	model     string
	maxTokens int64
	prices    Prices
}

// New returns a Client that sends requests through sdk. The SDK's own
// retries are turned off on every request (option.WithMaxRetries(0)),
// whatever sdk was built with, so that retries happen once, in the loop
// (loop.WithRetry), and the trace counts every attempt.
func New(sdk openai.Client, o Options) (*Client, error) {
	if strings.TrimSpace(o.Model) == "" {
		return nil, errors.New("openaiadapter: Options.Model: empty")
	}
	if o.MaxTokens < 0 {
		return nil, fmt.Errorf("openaiadapter: Options.MaxTokens: must be >= 0, got %d", o.MaxTokens)
	}
	if err := o.Prices.validate(); err != nil {
		return nil, err
	}
	if o.MaxTokens == 0 {
		o.MaxTokens = DefaultMaxTokens
	}
	return &Client{sdk: sdk, model: o.Model, maxTokens: o.MaxTokens, prices: o.Prices}, nil
}

// Model returns the model the Client calls.
func (c *Client) Model() string { return c.model }

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

// Complete sends one chat completion with a system and a user message and
// returns the reply's text. With a non-nil schema the reply is constrained
// by response_format json_schema with strict true. The reply's usage is
// reported as cost (see Options.Prices) before any check, because the
// tokens are billed whether or not the reply is usable.
//
// Errors: a refusal is a *RefusalError and a reply cut off at MaxTokens a
// *TruncationError, both permanent and keeping the provider's text; an
// HTTP error is a *ProviderError, permanent unless transient (408, 409,
// 429, 5xx); a connection reset or timeout is returned as the transport
// reported it, which the loop retries.
func (c *Client) Complete(ctx context.Context, system, user string, schema *Schema) (string, error) {
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
		return "", classify(err)
	}
	reqID := ""
	if res != nil {
		reqID = res.Header.Get("x-request-id")
	}
	if err := c.reportCost(ctx, comp.Usage); err != nil {
		return "", err
	}
	if len(comp.Choices) == 0 {
		return "", &ProviderError{Provider: provider, Status: http.StatusOK, Message: "reply has no choices", RequestID: reqID}
	}
	ch := comp.Choices[0]
	switch {
	case ch.Message.Refusal != "":
		return "", loop.Permanent(&RefusalError{Provider: provider, Text: ch.Message.Refusal, RequestID: reqID})
	case ch.FinishReason == "content_filter":
		return "", loop.Permanent(&RefusalError{Provider: provider, Text: "content_filter: " + ch.Message.Content, RequestID: reqID})
	case ch.FinishReason == "length":
		return "", loop.Permanent(&TruncationError{Provider: provider, Reason: "finish_reason=length", Text: ch.Message.Content, RequestID: reqID})
	}
	return ch.Message.Content, nil
}

const provider = "openai"
