package rubric

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/evalopt/evalopt/evaluator"
)

// Profile describes a specialist whose deliverables a judge reviews: the
// role, the focus areas and the common failures the prompt renderer adds to
// the system prompt.
type Profile struct {
	// Name identifies the profile ("contract-reviewer"); it is what the
	// judge reports as specialistRole.
	Name string `json:"name"`
	// Title is the role as a reader would name it ("Contract Reviewer").
	Title string `json:"title"`
	// Role says, in a sentence or two, what deliverables this specialist
	// produces.
	Role string `json:"role"`
	// FocusAreas are what the judge must look at first.
	FocusAreas []string `json:"focusAreas"`
	// CommonFailures are the mistakes this specialist's work often has.
	CommonFailures []string `json:"commonFailures"`
	// Kind is the deliverable kind this specialist reviews (JSON "kind",
	// omitted when empty): choosing a profile also tells the deterministic
	// checks (package checks) what to run, through Task.Kind. Empty means
	// generic text.
	Kind evaluator.Kind `json:"kind,omitempty"`
}

//go:embed profiles.json
var profilesJSON []byte

// profiles parses the embedded profiles once.
var profiles = sync.OnceValues(func() ([]Profile, error) {
	var ps []Profile
	dec := json.NewDecoder(bytes.NewReader(profilesJSON))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&ps); err != nil {
		return nil, err
	}
	for i, p := range ps {
		if err := p.Validate(); err != nil {
			return nil, fmt.Errorf("profiles[%d]: %w", i, err)
		}
	}
	return ps, nil
})

// Validate reports a profile with an empty name, title or role, no focus
// area or common failure, or a blank entry. Errors are *FieldError values
// naming the field ("focusAreas[2]: empty") and matching ErrInvalidInput.
func (p Profile) Validate() error {
	errs := problems{kind: ErrInvalidInput}
	for _, f := range []struct{ name, value string }{{"name", p.Name}, {"title", p.Title}, {"role", p.Role}} {
		if strings.TrimSpace(f.value) == "" {
			errs.add(f.name, "empty")
		}
	}
	if !p.Kind.Known() {
		errs.add("kind", fmt.Sprintf("unknown deliverable kind %q", string(p.Kind)))
	}
	for _, f := range []struct {
		name string
		list []string
	}{{"focusAreas", p.FocusAreas}, {"commonFailures", p.CommonFailures}} {
		if len(f.list) == 0 {
			errs.add(f.name, "empty")
		}
		for i, s := range f.list {
			if strings.TrimSpace(s) == "" {
				errs.add(fmt.Sprintf("%s[%d]", f.name, i), "empty")
			}
		}
	}
	return errs.err()
}

// Profiles returns the embedded specialist profiles in a fixed order:
// contract-reviewer, red-team, transformation-specialist, design-reviewer,
// ethics-auditor, plain-language-specialist, redline-drafter,
// support-agent, synthesis-editor. Each call
// returns fresh copies. It panics only if the embedded profiles.json is
// invalid, which the package's tests rule out.
func Profiles() []Profile {
	ps, err := profiles()
	if err != nil {
		panic("rubric: embedded profiles.json is invalid: " + err.Error())
	}
	out := make([]Profile, len(ps))
	for i, p := range ps {
		out[i] = p.clone()
	}
	return out
}

// LookupProfile returns the embedded profile with the given name and
// whether it exists. The names are those Profiles lists, such as
// "contract-reviewer"; ProfileForKind picks one by task kind.
func LookupProfile(name string) (Profile, bool) {
	for _, p := range Profiles() {
		if p.Name == name {
			return p, true
		}
	}
	return Profile{}, false
}

// ProfileForKind returns the embedded profile that reviews deliverables of
// kind (contract-reviewer for review_memo, redline-drafter for redline,
// transformation-specialist for contract, red-team for red_team_report,
// plain-language-specialist for plain_language, support-agent for
// customer_reply), and whether there is one: every known kind but the
// empty (generic) one has one. A Judge without Config.Profile uses it to
// pick the profile from Task.Kind.
func ProfileForKind(kind evaluator.Kind) (Profile, bool) {
	if kind == "" {
		return Profile{}, false
	}
	for _, p := range Profiles() {
		if p.Kind == kind {
			return p, true
		}
	}
	return Profile{}, false
}

func (p Profile) clone() Profile {
	p.FocusAreas = append([]string(nil), p.FocusAreas...)
	p.CommonFailures = append([]string(nil), p.CommonFailures...)
	return p
}
