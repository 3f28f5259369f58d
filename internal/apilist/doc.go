// Package apilist keeps a checked-in listing of the module's exported API,
// one file per public package under api/ at the module root, as the Go
// project keeps api/go1.*.txt: every exported function, method, type,
// struct field (with its JSON name), interface method, constant (with its
// literal value) and variable, one per line, sorted, parameter names left
// out so that only a change a caller can see changes a line.
//
// The package's test, TestAPI, fails when a package's exported API differs
// from its listing, naming the lines added and removed, and when a listing
// has no package any more. A change on purpose is recorded by rewriting
// the listings:
//
//	go generate ./internal/apilist
//
// (or go test ./internal/apilist -run TestAPI -update), and the diff of
// api/ then shows a reviewer exactly what the change did to the API.
//
// Public packages are those of the exported-name count: every package of
// the module outside internal, examples, cmd and testdata trees and
// nested modules, package main excluded.
package apilist

//go:generate go test -run TestAPI -update
