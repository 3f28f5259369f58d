package loop_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/loop"
	"github.com/evalopt/evalopt/loop/looptest"
)

// persisted drives a machine the way RunLoop does, but keeps it only as
// JSON between steps: after every Next and every Record it is encoded and
// decoded into a fresh value, as a durable driver that stores it would.
func persisted(t *testing.T, s looptest.Scenario) (loop.Result[string], int, error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	roles := s.Roles(cancel)
	cfg, err := s.Config()
	require.NoError(t, err)
	m, err := loop.Start[string](time.Now(), cfg, s.Task)
	require.NoError(t, err)
	stored := 0
	store := func() {
		raw, err := json.Marshal(m)
		require.NoError(t, err)
		var back loop.Machine[string]
		require.NoError(t, json.Unmarshal(raw, &back))
		m = back
		stored++
	}
	for {
		m.Cancel(time.Now(), ctx.Err())
		call := m.Next(time.Now())
		store()
		switch call.Kind {
		case loop.CallDone:
			res, err := m.Finish(time.Now())
			return res, stored, err
		case loop.CallWait:
			select {
			case <-time.After(time.Until(call.Until)):
			case <-ctx.Done():
			}
			continue
		}
		// The call itself goes through JSON too, as it would to a worker.
		raw, err := json.Marshal(call)
		require.NoError(t, err)
		var sent loop.Call[string]
		require.NoError(t, json.Unmarshal(raw, &sent))
		res := roles.Invoke(ctx, s.Task, sent)
		raw, err = json.Marshal(res)
		require.NoError(t, err)
		var got loop.CallResult[string]
		require.NoError(t, json.Unmarshal(raw, &got))
		m.Cancel(time.Now(), ctx.Err()) // before Record: nil cancels nothing
		m.Record(time.Now(), got)
		store()
	}
}

// TestMachinePersistedMatchesRunLoop: on every scenario of the table, a
// machine stored as JSON after every step gives the Result RunLoop gives,
// byte for byte (wall-clock timing aside), and the same error text and kind.
func TestMachinePersistedMatchesRunLoop(t *testing.T) {
	for _, s := range looptest.Scenarios() {
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			want, wantErr := s.Run(context.Background())
			assert.Equal(t, s.Outcome, want.Outcome)
			assert.Equal(t, s.StopReason, want.StopReason)
			got, stored, gotErr := persisted(t, s)
			assert.Greater(t, stored, 2*len(got.Trace), "stored after every step")

			wantJSON, err := looptest.Canonical(want)
			require.NoError(t, err)
			gotJSON, err := looptest.Canonical(got)
			require.NoError(t, err)
			assert.Equal(t, string(wantJSON), string(gotJSON))

			if s.Kind == "" {
				assert.NoError(t, wantErr)
				assert.NoError(t, gotErr)
				return
			}
			require.Error(t, wantErr)
			require.Error(t, gotErr)
			assert.Equal(t, wantErr.Error(), gotErr.Error())
			for _, err := range []error{wantErr, gotErr} {
				var le *loop.Error
				require.True(t, errors.As(err, &le), "%T", err)
				assert.Equal(t, s.Kind, le.Kind)
			}
		})
	}
}
