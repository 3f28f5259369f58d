package xref_test

import (
	"fmt"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/xref"
)

// A contract refers to a section it does not have.
func ExampleNewXrefCheck() {
	contract := `## 1. Services

1.1 The Supplier provides the services described in Section 2.

## 2. Fees

2.1 The Customer pays the fees within 30 days, subject to Section 7.
`
	for _, f := range xref.NewXrefCheck().Check(check.Document{Text: contract}) {
		fmt.Println(f.Rule, f.Location, f.Location.Text)
	}
	// Output:
	// xref.dangling 7:59 Section 7
}
