package openaitest

import (
	"strings"
	"testing"

	"github.com/evalopt/evalopt/adapters/adapterkit/fakeapi"
)

// FuzzCheckStrict feeds arbitrary bytes to the strict-mode checker: it
// must not panic, and its report starts by naming where the first problem
// is ("schema /pointer: ...", or "schema: not a JSON object"). The order of properties
// on the wire is fuzzed where it is read, in adaptertest.PropertyOrder.
func FuzzCheckStrict(f *testing.F) {
	for _, seed := range fakeapi.SchemaSeeds() {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, schema []byte) {
		err := CheckStrict(schema)
		if err == nil {
			return
		}
		if !strings.HasPrefix(err.Error(), "schema") {
			t.Fatalf("a problem that does not say where: %q", err)
		}
	})
}
