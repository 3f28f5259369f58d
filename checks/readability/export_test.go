package readability

// PlainIntro is plainIntro for the external tests.
const PlainIntro = plainIntro
