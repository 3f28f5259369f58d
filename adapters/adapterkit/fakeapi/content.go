package fakeapi

import (
	"encoding/json"
	"errors"
	"strings"
)

// Message is a chat message as both APIs send it: a role and a content
// that is a string or a list of parts (read it with ContentText).
type Message struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

// errContent is ContentText's error for content of another shape.
var errContent = errors.New("neither a string nor a list of text parts")

// ContentText reads a message's content (or Anthropic's system prompt) the
// way both APIs accept it: a JSON string, or a list of parts whose "text"
// fields are joined in order (parts without text, such as images, add
// nothing).
func ContentText(raw json.RawMessage) (string, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s, nil
	}
	var parts []struct {
		Text string `json:"text"`
	}
	if err := json.Unmarshal(raw, &parts); err != nil {
		return "", errContent
	}
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
	}
	return b.String(), nil
}
