// Package terms checks a document's defined terms: a term defined twice, a
// term defined and never used, a term used before the clause that defines
// it, and a capitalised term that reads as defined but is defined nowhere
// (rules definition.*).
//
// NewDefinitionCheck returns the check; DefinitionConfig lists the proper
// names and the words ending other instruments' names ("the Securities
// Act") that need no definition.
package terms
