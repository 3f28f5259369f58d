package text

// RefNounFirst marks the first letters of the keywords in refNounForms,
// lower case.
var RefNounFirst = [256]bool{'s': true, 'c': true, 'a': true, 'p': true, 'e': true}
