// Package clip shortens text for messages: a finding quotes what it found,
// bounded so that a decision stays small whatever the input.
package clip
