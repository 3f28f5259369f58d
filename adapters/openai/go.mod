module github.com/evalopt/evalopt/adapters/openai

go 1.24

require (
	github.com/evalopt/evalopt v0.0.0-00010101000000-000000000000
	github.com/evalopt/evalopt/adapters/adapterkit v0.0.0-00010101000000-000000000000
	github.com/openai/openai-go/v3 v3.44.0
)

require (
	github.com/tidwall/gjson v1.20.0 // indirect
	github.com/tidwall/match v1.1.1 // indirect
	github.com/tidwall/pretty v1.2.1 // indirect
	github.com/tidwall/sjson v1.2.5 // indirect
)

replace (
	github.com/evalopt/evalopt => ../..
	github.com/evalopt/evalopt/adapters/adapterkit => ../adapterkit
)
