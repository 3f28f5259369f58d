package refunddemo

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/internal/adapterkit"
	"github.com/evalopt/evalopt/loop"
)

// scripted returns roles that call Reply directly on the prompts the
// adapters send (evaluator.GenerationPrompt, RevisionPrompt and
// DecisionPrompt), the way the fake endpoints do, and count the calls.
func scripted(calls *int) Roles {
	gen := loop.GeneratorFunc[string](func(_ context.Context, t evaluator.Task) (string, error) {
		*calls++
		_, text := Reply(evaluator.GenerationPrompt(WriterInstructions, t).User, false)
		return text, nil
	})
	rev := loop.ReviserFunc[string](func(_ context.Context, t evaluator.Task, c string, d evaluator.EvaluationDecision) (string, error) {
		*calls++
		_, text := Reply(evaluator.RevisionPrompt(ReviserInstructions, t, c, d).User, false)
		return text, nil
	})
	judge := evaluator.Func[string](func(_ context.Context, t evaluator.Task, c string) (evaluator.EvaluationDecision, error) {
		*calls++
		p, err := evaluator.DecisionPrompt(t, c, evaluator.WithoutSchema())
		if err != nil {
			return evaluator.EvaluationDecision{}, err
		}
		_, text := Reply(p.User, true)
		return evaluator.ParseDecision([]byte(text))
	})
	return Roles{Generator: gen, Judge: evaluator.Chain(EvidenceStage(), judge), Reviser: rev}
}

func TestTasksAreValid(t *testing.T) {
	tasks := Tasks()
	if len(tasks) != 2 {
		t.Fatalf("%d tasks, want 2", len(tasks))
	}
	for _, task := range tasks {
		if err := task.Validate(); err != nil {
			t.Errorf("%s: %v", task.ID, err)
		}
	}
	tasks[0].Evidence[0].ID = "changed"
	if Tasks()[0].Evidence[0].ID == "changed" {
		t.Error("Tasks shares its values between calls")
	}
}

func TestEvidenceStage(t *testing.T) {
	tasks := Tasks()
	promise := "We have approved a full refund of 89.00 EUR."
	cases := []struct {
		name   string
		task   evaluator.Task
		draft  string
		status evaluator.Status
	}{
		{"promise with photos", tasks[0], promise, evaluator.StatusPass},
		{"promise without evidence", tasks[1], promise, evaluator.StatusBlock},
		{"money on its way without evidence", tasks[1], "Your Money is on its way.", evaluator.StatusBlock},
		{"no promise without evidence", tasks[1], "Please send photos of the damage.", evaluator.StatusPass},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, err := EvidenceStage().Evaluate(context.Background(), c.task, c.draft)
			if err != nil {
				t.Fatal(err)
			}
			if d.Status != c.status {
				t.Fatalf("status %s, want %s", d.Status, c.status)
			}
			if err := d.Validate(); err != nil {
				t.Errorf("invalid decision: %v", err)
			}
			if c.status == evaluator.StatusBlock && (d.StopReason != evaluator.StopMissingEvidence || len(d.BlockingFailures) == 0) {
				t.Errorf("block without missing_evidence and a blocking failure: %+v", d)
			}
			if c.status == evaluator.StatusPass && c.task.ID == "refund-1001" {
				refs := d.Criteria[0].EvidenceRefs
				if strings.Join(refs, ",") != "photo-1,photo-2,"+PolicyID {
					t.Errorf("evidence refs %v, want the photos and the policy", refs)
				}
			}
		})
	}
}

func TestReplyRoles(t *testing.T) {
	task := Tasks()[0]
	role, draft := Reply(evaluator.GenerationPrompt("", task).User, false)
	if role != loop.RoleGenerate || !strings.HasPrefix(draft, "Hi Ana,") || !grantsRefund(draft) {
		t.Errorf("generate: %s %q", role, draft)
	}
	role, revised := Reply(evaluator.RevisionPrompt("", task, draft, evaluator.EvaluationDecision{}).User, false)
	if role != loop.RoleRevise || grantsRefund(revised) || !strings.Contains(revised, "returns team for approval") {
		t.Errorf("revise: %s %q", role, revised)
	}
	if _, text := Reply("no details here", false); !strings.HasPrefix(text, "Hi there,") {
		t.Errorf("a prompt without a customer detail: %q", text)
	}
}

func TestReplyJudge(t *testing.T) {
	task := Tasks()[0]
	for _, c := range []struct {
		draft  string
		status evaluator.Status
	}{
		{"We have approved a full refund and your money is on its way.", evaluator.StatusRevise},
		{"Your request has gone to the returns team for approval.", evaluator.StatusPass},
	} {
		p, err := evaluator.DecisionPrompt(task, c.draft)
		if err != nil {
			t.Fatal(err)
		}
		role, text := Reply(p.User, true)
		d, err := evaluator.ParseDecision([]byte(text))
		if err != nil || role != loop.RoleEvaluate || d.Status != c.status {
			t.Fatalf("%q: role %s, decision %+v, err %v; want %s", c.draft, role, d, err, c.status)
		}
		if missing := evaluator.MissingEvidence(task, d); len(missing) > 0 {
			t.Errorf("%q: the judge cites evidence the task does not hold: %v", c.draft, missing)
		}
	}
}

func TestRun(t *testing.T) {
	var calls int
	var out bytes.Buffer
	if err := Run(&out, scripted(&calls), func() int { return calls }); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"== refund-1001:", "evidence: order-1001, photo-1, photo-2, policy-refunds",
		"outcome: succeeded (stop reason passed), 1 revision(s), 4 step(s), 4 API request(s)",
		"reply to send (judged at step 3):",
		"== refund-1002:",
		"outcome: blocked (stop reason missing_evidence), 0 revision(s), 2 step(s), 1 API request(s)",
		"blocking failures: missing_damage_evidence", "no reply is sent.",
		"1     evaluate  1    revise  0.45", "failed: no_promise_before_approval; instructions: Do not say",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	var again bytes.Buffer
	calls = 0
	if err := Run(&again, scripted(&calls), func() int { return calls }); err != nil || again.String() != got {
		t.Errorf("a second run differs (err %v)", err)
	}
}

func TestRunError(t *testing.T) {
	r := scripted(new(int))
	r.Judge = evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{}, provider.Permanent(context.DeadlineExceeded)
	})
	var out bytes.Buffer
	err := Run(&out, r, func() int { return 0 })
	if err == nil || !strings.Contains(err.Error(), "task refund-1001") {
		t.Fatalf("err = %v, want the first task's error", err)
	}
	if !strings.Contains(out.String(), "error: ") {
		t.Errorf("the failed step is not printed before the error:\n%s", out.String())
	}
}

func TestRunRequiresRoles(t *testing.T) {
	if err := Run(new(bytes.Buffer), Roles{}, nil); err == nil || !strings.Contains(err.Error(), "Roles.Generator") {
		t.Fatalf("err = %v, want one naming the missing roles", err)
	}
}

// endpoint is an Endpoint that counts the calls of scripted roles.
type endpoint struct {
	calls  int
	closed bool
}

func (e *endpoint) URL() string { return "http://fake.invalid" }
func (e *endpoint) Count() int  { return e.calls }
func (e *endpoint) Close()      { e.closed = true }

func TestRunOn(t *testing.T) {
	srv := &endpoint{}
	var gotURL string
	var out bytes.Buffer
	err := RunOn(&out, srv, func(url string) (Roles, error) {
		gotURL = url
		return scripted(&srv.calls), nil
	})
	if err != nil || gotURL != srv.URL() || !srv.closed {
		t.Fatalf("err %v, roles built on %q, closed %v", err, gotURL, srv.closed)
	}
	if !strings.Contains(out.String(), "4 API request(s)") {
		t.Errorf("the endpoint's count is not the request count:\n%s", out.String())
	}

	srv = &endpoint{}
	boom := errors.New("no client")
	if err := RunOn(&out, srv, func(string) (Roles, error) { return Roles{}, boom }); !errors.Is(err, boom) || !srv.closed {
		t.Errorf("a failing newRoles: err %v, closed %v", err, srv.closed)
	}
}

// fakeClient is a Client whose roles answer with the script.
type fakeClient struct{ model string }

func (c fakeClient) complete(judging bool) adapterkit.CompleteFunc {
	return func(_ context.Context, _, user string) (string, error) {
		_, text := Reply(user, judging)
		return text, nil
	}
}
func (c fakeClient) Generator(in string) *adapterkit.Generator {
	return adapterkit.NewGenerator(c.complete(false), c.model, in)
}
func (c fakeClient) Reviser(in string) *adapterkit.Reviser {
	return adapterkit.NewReviser(c.complete(false), c.model, in)
}
func (c fakeClient) DecisionJudge() evaluator.Evaluator[string] {
	return adapterkit.DecisionJudge(c.complete(true), c.model)
}

func TestNewRoles(t *testing.T) {
	var asked []string
	r, err := NewRoles("writer-m", "judge-m", func(model string) (Client, error) {
		asked = append(asked, model)
		return fakeClient{model}, nil
	})
	if err != nil || strings.Join(asked, ",") != "writer-m,judge-m" {
		t.Fatalf("err %v, clients built for %v", err, asked)
	}
	if g, j, v := evaluator.ModelsOf(r.Generator), evaluator.ModelsOf(r.Judge), evaluator.ModelsOf(r.Reviser); strings.Join(g, "") != "writer-m" || strings.Join(j, "") != "judge-m" || strings.Join(v, "") != "writer-m" {
		t.Errorf("models: generator %v, judge %v, reviser %v", g, j, v)
	}
	// The evidence stage runs first: a promise without damage evidence is
	// blocked before the judge (which would only ask for a revision).
	d, err := r.Judge.Evaluate(context.Background(), Tasks()[1], "We have approved a full refund.")
	if err != nil || d.Status != evaluator.StatusBlock {
		t.Errorf("judge on refund-1002: %s, %v; want the evidence stage's block", d.Status, err)
	}
	res, err := loop.RunLoop(context.Background(), Tasks()[0], r.Generator, r.Judge, r.Reviser)
	if err != nil || res.Outcome != loop.OutcomeSucceeded || res.Revisions != 1 {
		t.Errorf("refund-1001: %s after %d revisions, %v", res.Outcome, res.Revisions, err)
	}

	boom := errors.New("no key")
	for _, failOn := range []string{"writer-m", "judge-m"} {
		_, err := NewRoles("writer-m", "judge-m", func(model string) (Client, error) {
			if model == failOn {
				return nil, boom
			}
			return fakeClient{model}, nil
		})
		if !errors.Is(err, boom) {
			t.Errorf("client for %s fails: err %v", failOn, err)
		}
	}
}

// FuzzReply: whatever prompt the adapter sent, the script answers without
// panicking, and a judging request always gets a decision that parses and
// validates, so a fake endpoint never serves an invalid one by accident.
func FuzzReply(f *testing.F) {
	task := Tasks()[0]
	f.Add(evaluator.GenerationPrompt("", task).User, false)
	f.Add(evaluator.RevisionPrompt("", task, "draft", evaluator.EvaluationDecision{}).User, false)
	p, err := evaluator.DecisionPrompt(task, "We have approved a full refund.")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(p.User, true)
	f.Add(`<evidence id="photo-9"<deliverable>money is on its way`, true)
	f.Fuzz(func(t *testing.T, user string, judging bool) {
		role, text := Reply(user, judging)
		if !judging {
			if role == loop.RoleEvaluate || text == "" {
				t.Fatalf("role %s, text %q for a writer's request", role, text)
			}
			return
		}
		if role != loop.RoleEvaluate {
			t.Fatalf("role %s for a judging request", role)
		}
		if _, err := evaluator.ParseDecision([]byte(text)); err != nil {
			t.Fatalf("the script's decision does not parse: %v\n%s", err, text)
		}
	})
}
