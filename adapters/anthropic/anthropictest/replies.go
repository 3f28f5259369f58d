package anthropictest

import (
	"encoding/json"
	"net/http"
)

// Usage is the token usage a reply reports. The counts are disjoint, as
// the API reports them: Input excludes cache reads and writes.
type Usage struct {
	Input, Output, CacheRead, CacheWrite int64
}

// Text is a reply of one text block with stop_reason "end_turn".
func Text(model, text string, u Usage) Reply {
	return message(model, []any{textBlock(text)}, "end_turn", nil, u)
}

// ToolUse is a reply in which the model called tool with input (raw JSON),
// stop_reason "tool_use".
func ToolUse(model, tool, input string, u Usage) Reply {
	return message(model, []any{map[string]any{
		"type": "tool_use", "id": "toolu_fake", "name": tool, "input": json.RawMessage(input),
	}}, "tool_use", nil, u)
}

// Refusal is a reply the model stopped with stop_reason "refusal": the
// text it wrote before stopping, and stop_details saying why.
func Refusal(model, text, explanation string, u Usage) Reply {
	return message(model, []any{textBlock(text)}, "refusal",
		map[string]any{"type": "refusal", "category": "cyber", "explanation": explanation}, u)
}

// Truncated is a reply cut off at max_tokens with the partial text.
func Truncated(model, partial string, u Usage) Reply {
	return message(model, []any{textBlock(partial)}, "max_tokens", nil, u)
}

func textBlock(text string) map[string]any {
	return map[string]any{"type": "text", "text": text, "citations": nil}
}

func message(model string, content []any, stop string, details any, u Usage) Reply {
	body := map[string]any{
		"id":            "msg_fake",
		"type":          "message",
		"role":          "assistant",
		"model":         model,
		"content":       content,
		"stop_reason":   stop,
		"stop_sequence": nil,
		"stop_details":  details,
		"usage": map[string]any{
			"input_tokens":                u.Input,
			"output_tokens":               u.Output,
			"cache_read_input_tokens":     u.CacheRead,
			"cache_creation_input_tokens": u.CacheWrite,
			"service_tier":                "standard",
		},
	}
	b, _ := json.Marshal(body) // plain maps and strings: cannot fail
	return Reply{Status: http.StatusOK, Body: b}
}

// Error is an error reply in the API's shape: {"type": "error", "error":
// {"type", "message"}}. The server adds the request id header and field.
func Error(status int, typ, message string) Reply {
	b, _ := json.Marshal(map[string]any{
		"type":  "error",
		"error": map[string]any{"type": typ, "message": message},
	})
	return Reply{Status: status, Body: b}
}

// RateLimited is a 429 with a retry-after of zero seconds, so that a retry
// does not wait.
func RateLimited() Reply {
	r := Error(http.StatusTooManyRequests, "rate_limit_error",
		"This request would exceed the rate limit for your organization of 50 input tokens per minute.")
	r.Header = http.Header{"Retry-After": {"0"}}
	return r
}

// Overloaded is a 529, Anthropic's "overloaded" status.
func Overloaded() Reply {
	return Error(529, "overloaded_error", "Overloaded")
}

// ServerError is a 500.
func ServerError() Reply {
	return Error(http.StatusInternalServerError, "api_error", "Internal server error")
}

// BadRequest is a 400 for a request the API rejects.
func BadRequest() Reply {
	return Error(http.StatusBadRequest, "invalid_request_error", "prompt is too long: 210000 tokens > 200000 maximum")
}

// Unauthorized is a 401 for a bad key.
func Unauthorized() Reply {
	return Error(http.StatusUnauthorized, "authentication_error", "invalid x-api-key")
}
