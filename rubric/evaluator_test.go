package rubric

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
)

var reviewTask = evaluator.Task{
	ID:       "review-1",
	Input:    "Review the supply agreement for the buyer.",
	Evidence: []evaluator.Evidence{{ID: "contract", Source: "upload", Content: "9.2 Liability is capped at fees paid."}},
}

// scripted returns a judge that replies with reply and records its prompts.
func scripted(reply string, err error) (JudgeFunc, *[]evaluator.Prompt) {
	var mu sync.Mutex
	var seen []evaluator.Prompt
	return func(_ context.Context, p evaluator.Prompt) (string, error) {
		mu.Lock()
		defer mu.Unlock()
		seen = append(seen, p)
		return reply, err
	}, &seen
}

func TestEvaluatorStatuses(t *testing.T) {
	withAutoFail := func(reason string) JudgeOutput {
		o := goodOutput(1)
		o.AutoFailTriggered, o.AutoFailReason = true, reason
		return o
	}
	lowConfidence := goodOutput(0.9)
	lowConfidence.Confidence = 0.5
	failing := goodOutput(0.6)
	failing.Dimensions[0].Issues = []string{"the cap in 9.2 is misquoted"}
	tests := []struct {
		name   string
		out    JudgeOutput
		status evaluator.Status
	}{
		{"pass", goodOutput(0.92), evaluator.StatusPass},
		{"revise", failing, evaluator.StatusRevise},
		{"auto-fail on a fixable dimension revises", withAutoFail("Factual Correctness: invented a 40% figure"), evaluator.StatusRevise},
		{"auto-fail on policy blocks", withAutoFail("Policy Compliance: gives tax advice"), evaluator.StatusBlock},
		{"low confidence escalates", lowConfidence, evaluator.StatusEscalate},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			judge, seen := scripted(string(marshal(t, tt.out)), nil)
			ev, err := NewJudge[string](Deliverable(), judge, Config[string]{})
			require.NoError(t, err)
			d, err := ev.Evaluate(context.Background(), reviewTask, "Clause 9.2: risk 4.")
			require.NoError(t, err)
			require.NoError(t, d.Validate())
			assert.Equal(t, tt.status, d.Status)
			require.Len(t, *seen, 1)
			assert.Equal(t, ev.SystemPrompt(""), (*seen)[0].System)
			assert.Contains(t, (*seen)[0].User, "<deliverable>\nClause 9.2: risk 4.\n</deliverable>")
			assert.Contains(t, (*seen)[0].User, `<evidence id="contract" source="upload">`)
		})
	}
}

func TestEvaluatorUsesProfile(t *testing.T) {
	judge, _ := scripted(string(marshal(t, goodOutput(0.9))), nil)
	p, _ := LookupProfile(ProfileRedTeam)
	ev, err := NewJudge[string](Deliverable(), judge, Config[string]{Profile: &p})
	require.NoError(t, err)
	want, err := RenderPrompt(Deliverable(), &p)
	require.NoError(t, err)
	for _, kind := range append(evaluator.Kinds(), "") {
		assert.Equal(t, want, ev.SystemPrompt(kind), "Config.Profile wins over kind %q", kind)
	}
	p.Title = "changed after construction"
	assert.Equal(t, want, ev.SystemPrompt(""))
}

// Without Config.Profile, the task's kind picks the profile: every kind
// has one, and generic text gets none.
func TestEvaluatorProfileFromKind(t *testing.T) {
	judge, seen := scripted(string(marshal(t, goodOutput(0.9))), nil)
	ev, err := NewJudge[string](Deliverable(), judge, Config[string]{})
	require.NoError(t, err)
	generic, err := RenderPrompt(Deliverable(), nil)
	require.NoError(t, err)
	assert.Equal(t, generic, ev.SystemPrompt(""))
	for _, kind := range evaluator.Kinds() {
		p, ok := ProfileForKind(kind)
		require.True(t, ok, kind)
		want, err := RenderPrompt(Deliverable(), &p)
		require.NoError(t, err)
		assert.Equal(t, want, ev.SystemPrompt(kind), kind)

		task := reviewTask
		task.Kind = kind
		_, err = ev.Evaluate(context.Background(), task, "Clause 9.2: risk 4.")
		require.NoError(t, err)
		last := (*seen)[len(*seen)-1]
		assert.Equal(t, want, last.System, kind)
		assert.Contains(t, last.System, "## Your role: "+p.Title)
	}
	task := reviewTask
	task.Kind = "memo"
	_, err = ev.Evaluate(context.Background(), task, "Clause 9.2: risk 4.")
	require.ErrorContains(t, err, "unknown kind")
}

func TestEvaluatorFailsClosed(t *testing.T) {
	sentinel := errors.New("model unavailable")
	good := string(marshal(t, goodOutput(0.95)))
	tests := []struct {
		name   string
		judge  JudgeFunc
		cfg    Config[string]
		ctx    func() context.Context
		task   evaluator.Task
		is     []error
		substr string
	}{
		{name: "judge error", judge: func(context.Context, evaluator.Prompt) (string, error) { return "", sentinel }, is: []error{sentinel}, substr: "rubric: judge: model unavailable"},
		{name: "unparseable reply", judge: func(context.Context, evaluator.Prompt) (string, error) { return "Looks great, ship it!", nil },
			is: []error{ErrInvalidJudgeOutput, evaluator.ErrInvalidDecision}, substr: "no JSON object found"},
		{name: "reply with a bad score", judge: func(context.Context, evaluator.Prompt) (string, error) {
			return strings.Replace(good, `"score":0.95`, `"score":1.7`, 1), nil
		}, is: []error{ErrInvalidJudgeOutput, evaluator.ErrInvalidDecision}, substr: "dimensions[0].score: must be in [0,1], got 1.7"},
		{name: "judge panics", judge: func(context.Context, evaluator.Prompt) (string, error) { panic("boom") }, is: []error{errJudgePanic}, substr: "boom"},
		{name: "canceled context", judge: func(context.Context, evaluator.Prompt) (string, error) { t.Error("judge called"); return good, nil },
			ctx: func() context.Context { c, cancel := context.WithCancel(context.Background()); cancel(); return c }, is: []error{context.Canceled}},
		{name: "context passed to judge", judge: func(ctx context.Context, _ evaluator.Prompt) (string, error) { return "", ctx.Err() },
			ctx: func() context.Context {
				c, cancel := context.WithTimeout(context.Background(), 0)
				t.Cleanup(cancel)
				return c
			}, is: []error{context.DeadlineExceeded}},
		{name: "checks error", judge: func(context.Context, evaluator.Prompt) (string, error) { return good, nil },
			cfg: Config[string]{AutoFails: func(context.Context, evaluator.Task, string) ([]AutoFail, error) { return nil, sentinel }},
			is:  []error{sentinel}, substr: "auto-fail checks"},
		{name: "check names a dimension that cannot auto-fail", judge: func(context.Context, evaluator.Prompt) (string, error) { return good, nil },
			cfg: Config[string]{AutoFails: func(context.Context, evaluator.Task, string) ([]AutoFail, error) {
				return []AutoFail{{Dimension: Completeness, Reason: "x"}}, nil
			}},
			is: []error{ErrInvalidInput}, substr: `autoFails[0].dimension: dimension "Completeness" does not allow auto-fail`},
		{name: "render error", judge: func(context.Context, evaluator.Prompt) (string, error) { return good, nil },
			cfg: Config[string]{Render: func(string) (string, error) { return "", sentinel }}, is: []error{sentinel}, substr: "render candidate"},
		{name: "bad task", judge: func(context.Context, evaluator.Prompt) (string, error) { return good, nil },
			task: evaluator.Task{Evidence: []evaluator.Evidence{{ID: ""}}}, substr: "evidence[0].id: empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev, err := NewJudge[string](Deliverable(), tt.judge, tt.cfg)
			require.NoError(t, err)
			ctx := context.Background()
			if tt.ctx != nil {
				ctx = tt.ctx()
			}
			task := reviewTask
			if tt.task.Evidence != nil {
				task = tt.task
			}
			d, err := ev.Evaluate(ctx, task, "draft")
			require.Error(t, err)
			assert.Equal(t, evaluator.EvaluationDecision{}, d, "an error comes with the zero decision, never a pass")
			for _, target := range tt.is {
				assert.ErrorIs(t, err, target)
			}
			if tt.substr != "" {
				assert.Contains(t, err.Error(), tt.substr)
			}
		})
	}
}

func TestEvaluatorCheckTriggers(t *testing.T) {
	judge, _ := scripted(string(marshal(t, goodOutput(1))), nil)
	ev, err := NewJudge[string](Deliverable(), judge, Config[string]{
		AutoFails: func(_ context.Context, _ evaluator.Task, c string) ([]AutoFail, error) {
			if strings.Contains(c, "may want to") {
				return []AutoFail{{Dimension: RecommendationActionability, Reason: `risk-4 change says "may want to" with no replacement text`}}, nil
			}
			return nil, nil
		},
	})
	require.NoError(t, err)
	v, err := ev.Verdict(context.Background(), reviewTask, "Clause 9.2 (risk 4): the buyer may want to renegotiate.")
	require.NoError(t, err)
	assert.False(t, v.Passed, "a check trigger fails whatever the judge said")
	require.Len(t, v.AutoFails, 1)
	assert.Equal(t, RaisedByCheck, v.AutoFails[0].RaisedBy)
	assert.InDelta(t, 0.88, v.Overall, 1e-12)
	require.NotNil(t, v.Mismatch, "the judge passed it with 1.0")
	assert.Equal(t, GuidanceAutoFail, v.Guidance[0].Kind)
	d := v.Decision()
	assert.Equal(t, evaluator.StatusRevise, d.Status)

	v, err = ev.Verdict(context.Background(), reviewTask, "Clause 9.2 (risk 4): replace with '...'.")
	require.NoError(t, err)
	assert.True(t, v.Passed)
}

type memo struct {
	Title string `json:"title"`
	Body  string `json:"body"`
}

type stringer struct{}

func (stringer) String() string { return "from String" }

func TestEvaluatorRendering(t *testing.T) {
	judge, seen := scripted(string(marshal(t, goodOutput(0.9))), nil)
	structEv, err := NewJudge[memo](Deliverable(), judge, Config[memo]{})
	require.NoError(t, err)
	_, err = structEv.Evaluate(context.Background(), reviewTask, memo{Title: "T", Body: "B"})
	require.NoError(t, err)
	assert.Contains(t, (*seen)[0].User, "{\n  \"title\": \"T\",\n  \"body\": \"B\"\n}")

	byteEv, err := NewJudge[[]byte](Deliverable(), judge, Config[[]byte]{})
	require.NoError(t, err)
	_, err = byteEv.Evaluate(context.Background(), reviewTask, []byte("raw bytes"))
	require.NoError(t, err)
	assert.Contains(t, (*seen)[1].User, "<deliverable>\nraw bytes\n</deliverable>")

	strEv, err := NewJudge[stringer](Deliverable(), judge, Config[stringer]{})
	require.NoError(t, err)
	_, err = strEv.Evaluate(context.Background(), reviewTask, stringer{})
	require.NoError(t, err)
	assert.Contains(t, (*seen)[2].User, "from String")

	custom, err := NewJudge[memo](Deliverable(), judge, Config[memo]{Render: func(m memo) (string, error) { return m.Title + ": " + m.Body, nil }})
	require.NoError(t, err)
	_, err = custom.Evaluate(context.Background(), reviewTask, memo{Title: "T", Body: "B"})
	require.NoError(t, err)
	assert.Contains(t, (*seen)[3].User, "<deliverable>\nT: B\n</deliverable>")

	chanEv, err := NewJudge[chan int](Deliverable(), judge, Config[chan int]{})
	require.NoError(t, err)
	_, err = chanEv.Evaluate(context.Background(), reviewTask, make(chan int))
	assert.ErrorContains(t, err, "render candidate")
}

func TestNewJudgeErrors(t *testing.T) {
	_, err := NewJudge[string](Deliverable(), nil, Config[string]{})
	assert.ErrorContains(t, err, "judge function is nil")

	bad := Deliverable()
	bad.Dimensions[0].Weight = 1.7
	judge, _ := scripted("{}", nil)
	_, err = NewJudge[string](bad, judge, Config[string]{})
	assert.ErrorIs(t, err, ErrInvalidRubric)

	_, err = NewJudge[string](Deliverable(), judge, Config[string]{Profile: &Profile{}})
	assert.ErrorIs(t, err, ErrInvalidInput)
}

func TestEvaluatorCopiesRubric(t *testing.T) {
	r := Deliverable()
	judge, _ := scripted(string(marshal(t, goodOutput(0.9))), nil)
	ev, err := NewJudge[string](r, judge, Config[string]{})
	require.NoError(t, err)
	r.Dimensions[0].Name = "Renamed"
	r.PassThreshold = 0.99
	d, err := ev.Evaluate(context.Background(), reviewTask, "x")
	require.NoError(t, err)
	assert.Equal(t, evaluator.StatusPass, d.Status)
	assert.Equal(t, FactualCorrectness, ev.rubric.Dimensions[0].Name)
}

func TestEvaluatorConcurrent(t *testing.T) {
	judge, seen := scripted(string(marshal(t, goodOutput(0.9))), nil)
	ev, err := NewJudge[string](Deliverable(), judge, Config[string]{})
	require.NoError(t, err)
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for i := 0; i < 16; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d, err := ev.Evaluate(context.Background(), reviewTask, "draft")
			if err == nil && d.Status != evaluator.StatusPass {
				err = errors.New("unexpected status " + string(d.Status))
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		assert.NoError(t, err)
	}
	assert.Len(t, *seen, 16)
}

// The evaluator composes with Chain: a deterministic stage that blocks
// first means the judge is never asked.
func TestEvaluatorInChain(t *testing.T) {
	calls := 0
	judge := func(context.Context, evaluator.Prompt) (string, error) {
		calls++
		return string(marshal(t, goodOutput(0.9))), nil
	}
	ev, err := NewJudge[string](Deliverable(), judge, Config[string]{})
	require.NoError(t, err)
	block := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{Status: evaluator.StatusBlock, BlockingFailures: []string{"placeholder text"}}, nil
	})
	d, err := evaluator.Chain[string](block, ev).Evaluate(context.Background(), reviewTask, "TODO")
	require.NoError(t, err)
	assert.Equal(t, evaluator.StatusBlock, d.Status)
	assert.Zero(t, calls)
}

// The judge cites evidence IDs per dimension; the decision carries them,
// so evaluator.CheckEvidence (what loop.RunLoop and ensemble.Vote apply to
// a pass) refuses a pass citing evidence the task does not hold.
func TestEvaluateCarriesEvidenceRefs(t *testing.T) {
	out := goodOutput(0.92)
	out.Dimensions[0].EvidenceRefs = []string{"contract"}
	out.Dimensions[1].EvidenceRefs = []string{"contract", "invoice-7"}
	judge, _ := scripted(string(marshal(t, out)), nil)
	ev, err := NewJudge[string](Deliverable(), judge, Config[string]{})
	require.NoError(t, err)
	d, err := ev.Evaluate(context.Background(), reviewTask, "Clause 9.2: risk 4.")
	require.NoError(t, err)
	require.Equal(t, evaluator.StatusPass, d.Status)
	assert.Equal(t, []string{"contract"}, d.Criteria[0].EvidenceRefs)
	assert.Equal(t, []string{"contract", "invoice-7"}, d.Criteria[1].EvidenceRefs)
	assert.Equal(t, []string{}, d.Criteria[2].EvidenceRefs, "a dimension citing nothing cites an empty list")
	assert.Equal(t, []string{"invoice-7"}, evaluator.MissingEvidence(reviewTask, d))
	assert.ErrorIs(t, evaluator.CheckEvidence(reviewTask, d), evaluator.ErrMissingEvidence)
}

func TestParseJudgeOutputEvidenceRefs(t *testing.T) {
	out := goodOutput(0.8)
	out.Dimensions[2].EvidenceRefs = []string{"contract", " "}
	_, err := ParseJudgeOutput(marshal(t, out), Deliverable())
	require.ErrorIs(t, err, ErrInvalidJudgeOutput)
	assert.Contains(t, err.Error(), "dimensions[2].evidenceRefs[1]: empty evidence ID")

	body := strings.Replace(string(marshal(t, goodOutput(0.8))), `"evidenceRefs":[],`, ``, 1)
	_, err = ParseJudgeOutput([]byte(body), Deliverable())
	require.ErrorIs(t, err, ErrInvalidJudgeOutput)
	assert.Contains(t, err.Error(), "dimensions[0].evidenceRefs: missing")
}

// A 50 MB error from the judge function or the auto-fail checks, or a
// 50 MB panic value, gives an error of at most 4 KiB that still matches
// what it wraps.
func TestEvaluateErrorTextIsBounded(t *testing.T) {
	size := 50 << 20
	if testing.Short() {
		size = 8 << 20 // still 2,000 times the bound; the local test command runs -short
	}
	huge := strings.Repeat("x", size)
	big := huge[:5<<20] // the other paths take the same bound; 5 MB keeps them quick
	sentinel := errors.New("upstream")
	tests := []struct {
		name string
		cfg  Config[string]
		fn   JudgeFunc
		is   error
	}{
		{"judge error", Config[string]{}, func(context.Context, evaluator.Prompt) (string, error) {
			return "", fmt.Errorf("openai: 500 %s: %w", huge, sentinel)
		}, sentinel},
		{"judge panic", Config[string]{}, func(context.Context, evaluator.Prompt) (string, error) { panic(big) }, errJudgePanic},
		{"auto-fail checks", Config[string]{AutoFails: func(context.Context, evaluator.Task, string) ([]AutoFail, error) {
			return nil, fmt.Errorf("%s: %w", big, sentinel)
		}}, func(context.Context, evaluator.Prompt) (string, error) { return "", nil }, sentinel},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev, err := NewJudge(Deliverable(), tt.fn, tt.cfg)
			require.NoError(t, err)
			_, err = ev.Evaluate(context.Background(), reviewTask, "draft")
			require.ErrorIs(t, err, tt.is)
			msg := err.Error()
			assert.LessOrEqual(t, len(msg), 4<<10)
			assert.True(t, strings.HasPrefix(msg, "rubric: "), "keeps its prefix")
			assert.True(t, strings.HasSuffix(msg, " bytes)"), "ends with the size of what was cut")
		})
	}
}
