package openaitest

import (
	"encoding/json"
	"net/http"
)

// Usage is the token usage a reply reports.
type Usage struct {
	Prompt, Completion, CachedPrompt int64
}

// Completion is a successful reply whose message content is content,
// finish_reason "stop", in the shape the real API returns.
func Completion(model, content string, u Usage) Reply {
	return completion(model, &content, nil, "stop", u)
}

// Refusal is a reply in which the model refused: content is null and
// message.refusal holds the model's text, finish_reason "stop".
func Refusal(model, text string, u Usage) Reply {
	return completion(model, nil, &text, "stop", u)
}

// Filtered is a reply whose content the provider's filter withheld:
// finish_reason "content_filter" and whatever content came before.
func Filtered(model, partial string, u Usage) Reply {
	return completion(model, &partial, nil, "content_filter", u)
}

// Truncated is a reply cut off at the token limit: finish_reason "length"
// and content the partial text.
func Truncated(model, partial string, u Usage) Reply {
	return completion(model, &partial, nil, "length", u)
}

func completion(model string, content, refusal *string, finish string, u Usage) Reply {
	body := map[string]any{
		"id":      "chatcmpl-fake",
		"object":  "chat.completion",
		"created": 1767225600,
		"model":   model,
		"choices": []any{map[string]any{
			"index": 0,
			"message": map[string]any{
				"role":        "assistant",
				"content":     content,
				"refusal":     refusal,
				"annotations": []any{},
			},
			"logprobs":      nil,
			"finish_reason": finish,
		}},
		"usage": map[string]any{
			"prompt_tokens":     u.Prompt,
			"completion_tokens": u.Completion,
			"total_tokens":      u.Prompt + u.Completion,
			"prompt_tokens_details": map[string]any{
				"cached_tokens": u.CachedPrompt, "audio_tokens": 0,
			},
			"completion_tokens_details": map[string]any{
				"reasoning_tokens": 0, "audio_tokens": 0,
				"accepted_prediction_tokens": 0, "rejected_prediction_tokens": 0,
			},
		},
		"service_tier":       "default",
		"system_fingerprint": "fp_fake",
	}
	b, _ := json.Marshal(body) // plain maps and strings: cannot fail
	return Reply{Status: http.StatusOK, Body: b}
}

// Error is an error reply in the API's shape: {"error": {"message",
// "type", "param", "code"}}; an empty code is sent as null.
func Error(status int, typ, code, message string) Reply {
	var c any
	if code != "" {
		c = code
	}
	b, _ := json.Marshal(map[string]any{"error": map[string]any{
		"message": message, "type": typ, "param": nil, "code": c,
	}})
	return Reply{Status: status, Body: b}
}

// RateLimited is a 429 with a retry-after of zero seconds, so that a retry
// does not wait.
func RateLimited() Reply {
	r := Error(http.StatusTooManyRequests, "tokens", "rate_limit_exceeded",
		"Rate limit reached for gpt-4.1 in organization org-fake on tokens per min (TPM): Limit 30000, Used 29800, Requested 1200. Please try again in 0s.")
	r.Header = http.Header{"Retry-After": {"0"}}
	return r
}

// ServerError is a 500.
func ServerError() Reply {
	return Error(http.StatusInternalServerError, "server_error", "",
		"The server had an error while processing your request. Sorry about that!")
}

// BadRequest is a 400 for a request the API rejects.
func BadRequest() Reply {
	return Error(http.StatusBadRequest, "invalid_request_error", "context_length_exceeded",
		"This model's maximum context length is 1047576 tokens. However, your messages resulted in 1100000 tokens.")
}

// Unauthorized is a 401 for a bad key.
func Unauthorized() Reply {
	return Error(http.StatusUnauthorized, "invalid_request_error", "invalid_api_key",
		"Incorrect API key provided: sk-fake. You can find your API key at https://platform.openai.com/account/api-keys.")
}
