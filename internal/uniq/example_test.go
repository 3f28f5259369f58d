package uniq_test

import (
	"fmt"

	"github.com/evalopt/evalopt/internal/uniq"
)

func ExampleAppend() {
	failures := []string{"missing_evidence"}
	failures = uniq.Append(failures, "wrong_amount", "missing_evidence", "wrong_amount")
	fmt.Println(failures)
	// Output: [missing_evidence wrong_amount]
}
