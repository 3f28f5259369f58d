package main

// Every evalopt package, imported beside Genkit: compiling this file is the
// check that the whole library builds with Genkit's dependency versions
// (github.com/invopop/jsonschema v0.13.0) and no replace but evalopt's own.
import (
	_ "github.com/evalopt/evalopt"
	_ "github.com/evalopt/evalopt/checks"
	_ "github.com/evalopt/evalopt/evaluator"
	_ "github.com/evalopt/evalopt/evaluator/evaltest"
	_ "github.com/evalopt/evalopt/evaluator/golden"
	_ "github.com/evalopt/evalopt/evaluator/quality"
	_ "github.com/evalopt/evalopt/evaluator/strictschema"
	_ "github.com/evalopt/evalopt/loop"
	_ "github.com/evalopt/evalopt/rubric"
)
