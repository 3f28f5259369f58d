package openaitest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/evalopt/evalopt/adapters/adapterkit/fakeapi"
)

// responsesWire is the part of a Responses API request the server reads.
type responsesWire struct {
	Model           string          `json:"model"`
	Instructions    string          `json:"instructions"`
	Input           json.RawMessage `json:"input"`
	MaxOutputTokens int64           `json:"max_output_tokens"`
	Text            *struct {
		Format *struct {
			Type   string          `json:"type"`
			Name   string          `json:"name"`
			Strict bool            `json:"strict"`
			Schema json.RawMessage `json:"schema"`
		} `json:"format"`
	} `json:"text"`
}

// parseResponses reads a Responses API request body into req, or returns
// the 400 the real API gives a malformed one.
func parseResponses(req Request, body []byte) (Request, *Reply) {
	bad := func(msg string) (Request, *Reply) {
		rp := Error(http.StatusBadRequest, "invalid_request_error", "", msg)
		return req, &rp
	}
	var w responsesWire
	if err := json.Unmarshal(body, &w); err != nil {
		return bad("We could not parse the JSON body of your request: " + err.Error())
	}
	if w.Model == "" || len(w.Input) == 0 {
		return bad("model and input are required")
	}
	req.Model, req.MaxTokens = w.Model, w.MaxOutputTokens
	sys, user := []string{}, []string{}
	if w.Instructions != "" {
		sys = append(sys, w.Instructions)
	}
	var text string
	if json.Unmarshal(w.Input, &text) == nil {
		user = append(user, text) // input as one string: a user message
	} else {
		var msgs []fakeapi.Message
		if err := json.Unmarshal(w.Input, &msgs); err != nil {
			return bad("input: neither a string nor a list of messages")
		}
		for i, m := range msgs {
			t, err := fakeapi.ContentText(m.Content)
			if err != nil {
				return bad(fmt.Sprintf("input[%d].content: %v", i, err))
			}
			switch m.Role {
			case "system", "developer":
				sys = append(sys, t)
			case "user":
				user = append(user, t)
			}
		}
	}
	req.System, req.User = strings.Join(sys, "\n"), strings.Join(user, "\n")
	if w.Text != nil && w.Text.Format != nil {
		f := w.Text.Format
		req.Format = &Format{Type: f.Type, Name: f.Name, Strict: f.Strict, Schema: f.Schema}
		if f.Type == "json_schema" && f.Name == "" {
			return bad("Missing required parameter: 'text.format.name'.")
		}
		if msg := checkFormat(req.Format, "text.format"); msg != "" {
			return bad(msg)
		}
	}
	return req, nil
}

// Response is a successful Responses API reply whose one message holds
// text, status "completed", in the shape the real API returns.
func Response(model, text string, u Usage) Reply {
	return response(model, "completed", "", []any{outputText(text)}, u)
}

// ResponseRefusal is a Responses API reply in which the model refused: its
// message holds a "refusal" part with text.
func ResponseRefusal(model, text string, u Usage) Reply {
	return response(model, "completed", "", []any{map[string]any{"type": "refusal", "refusal": text}}, u)
}

// Incomplete is a Responses API reply cut short: status "incomplete" with
// reason "max_output_tokens" (the token limit) or "content_filter", and
// partial as the text so far.
func Incomplete(model, reason, partial string, u Usage) Reply {
	return response(model, "incomplete", reason, []any{outputText(partial)}, u)
}

func outputText(text string) map[string]any {
	return map[string]any{"type": "output_text", "text": text, "annotations": []any{}, "logprobs": []any{}}
}

func response(model, status, reason string, content []any, u Usage) Reply {
	var incomplete any
	if reason != "" {
		incomplete = map[string]any{"reason": reason}
	}
	body := map[string]any{
		"id": "resp_fake", "object": "response", "created_at": 1767225600,
		"status": status, "model": model, "error": nil, "incomplete_details": incomplete,
		"output": []any{map[string]any{
			"id": "msg_fake", "type": "message", "role": "assistant", "status": status, "content": content,
		}},
		"usage": map[string]any{
			"input_tokens":          u.Prompt,
			"input_tokens_details":  map[string]any{"cached_tokens": u.CachedPrompt},
			"output_tokens":         u.Completion,
			"output_tokens_details": map[string]any{"reasoning_tokens": 0},
			"total_tokens":          u.Prompt + u.Completion,
		},
	}
	b, _ := json.Marshal(body) // plain maps and strings: cannot fail
	return Reply{Status: http.StatusOK, Body: b}
}
