module github.com/evalopt/evalopt/adapters/adapterkit

go 1.24

require github.com/evalopt/evalopt v0.0.0-00010101000000-000000000000

replace github.com/evalopt/evalopt => ../..
