// Package jurisdiction checks that a deliverable applies the law and the
// forum its source chose: rule RuleWrongLaw blocks a statement of another
// governing law or forum than the source's governing-law and jurisdiction
// clauses, and rule RuleForeignStatute shows the judge a statute of
// another jurisdiction applied with no reason given. Both serve the
// deliverable rubric's Jurisdictional Accuracy dimension.
//
// The jurisdictions are data: DefaultTable (an embedded file) lists names,
// adjectives, courts, seats and well-known statutes and codes with the
// jurisdiction they belong to (US states, UK nations, EU member states and
// others), each inside its parent (a state inside its country, a member
// state inside the European Union), so that New York law and a US federal
// statute agree while New York and Delaware do not.
package jurisdiction
