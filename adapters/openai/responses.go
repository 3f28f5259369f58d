package openaiadapter

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/responses"

	"github.com/evalopt/evalopt/adapters/adapterkit"
	"github.com/evalopt/evalopt/evaluator/provider"
)

// completeResponse is Complete on the Responses API: the system prompt as
// instructions, the user message as input, and a schema as a strict
// json_schema text.format.
func (c *Client) completeResponse(ctx context.Context, system, user string, schema *Schema) (string, error) {
	params := responses.ResponseNewParams{
		Model:           c.model,
		Instructions:    openai.String(system),
		Input:           responses.ResponseNewParamsInputUnion{OfString: openai.String(user)},
		MaxOutputTokens: openai.Int(c.maxTokens),
	}
	if schema != nil {
		text, err := json.Marshal(map[string]any{"format": responseFormat{Type: "json_schema", Name: schema.Name, Strict: true, Schema: schema.JSON}})
		if err != nil {
			return "", provider.Permanent(fmt.Errorf("%s: schema %s: %w", pkgName, schema.Name, err))
		}
		// Override sends the bytes verbatim: the SDK's format takes the
		// schema as a map, which would sort its properties.
		params.Text = param.Override[responses.ResponseTextConfigParam](json.RawMessage(text))
	}
	var res *http.Response
	resp, err := c.sdk.Responses.New(ctx, params, option.WithMaxRetries(0), option.WithResponseInto(&res))
	if err != nil {
		return "", providerError(err)
	}
	reqID := ""
	if res != nil {
		reqID = res.Header.Get("x-request-id")
	}
	if err := adapterkit.ReportCost(ctx, pkgName, c.prices, c.model, responseUsage(resp.Model, resp.Usage)); err != nil {
		return "", err
	}
	return responseText(resp, reqID)
}

// responseFormat is text.format for a strict JSON Schema; Schema is sent
// byte for byte.
type responseFormat struct {
	Type   string          `json:"type"`
	Name   string          `json:"name"`
	Strict bool            `json:"strict"`
	Schema json.RawMessage `json:"schema"`
}

// responseText reads a response: its output text, or the error its
// refusal, incompleteness or failure is (see Complete).
func responseText(resp *responses.Response, reqID string) (string, error) {
	var text, refusal strings.Builder
	for _, item := range resp.Output {
		if item.Type != "message" {
			continue // reasoning and tool items carry no reply text
		}
		for _, part := range item.Content {
			switch part.Type {
			case "output_text":
				text.WriteString(part.Text)
			case "refusal":
				refusal.WriteString(part.Refusal)
			}
		}
	}
	switch {
	case refusal.Len() > 0:
		return "", &provider.RefusalError{Provider: providerName, Model: resp.Model, Text: refusal.String(), RequestID: reqID}
	case resp.Status == responses.ResponseStatusIncomplete && resp.IncompleteDetails.Reason == "content_filter":
		return "", &provider.RefusalError{Provider: providerName, Model: resp.Model, Text: "content_filter: " + text.String(), RequestID: reqID}
	case resp.Status == responses.ResponseStatusIncomplete:
		return "", &provider.TruncatedError{Provider: providerName, Reason: resp.IncompleteDetails.Reason, Text: text.String(), RequestID: reqID}
	case resp.Status == responses.ResponseStatusFailed:
		// No HTTP status to classify: the loop may retry it.
		return "", &provider.ProviderError{Provider: providerName, Code: string(resp.Error.Code), Message: "response failed: " + resp.Error.Message, RequestID: reqID}
	case text.Len() == 0:
		return "", &provider.ProviderError{Provider: providerName, Message: fmt.Sprintf("response (status %q) has no output text", resp.Status), RequestID: reqID}
	}
	return text.String(), nil
}
