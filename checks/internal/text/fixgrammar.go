package text

import (
	"regexp"
)

// The grammar of advice that commits to nothing. hedgeGrammarRe (grammar.go)
// describes soft wording inside a recommendation; the patterns here describe
// constructions that are recommendations by their form, wherever they stand
// in a review, and the fixes that name a goal instead of a change.
var (
	// AdviceHedgeRe matches a sentence that gives advice and softens it in
	// the same breath, so it is a hedged recommendation wherever it stands:
	//   - "it is/may be/might be/could be/would be (adverb) advisable/prudent/
	//     sensible/wise/a good idea/preferable ..." and "it ... worth" + a
	//     soft gerund, its subject possibly between them ("it might be worth
	//     looking at", "it may be worth the vendor reviewing", not "worth
	//     noting");
	//   - "there is/may be/might be/could be (some) merit/value/sense/scope/a
	//     case in/for";
	//   - "we/I (would) suggest/recommend/advise/propose" + a soft gerund or
	//     "that ... consider/explore/review/revisit";
	//   - "X may/might/could wish/want/like/care to" + a soft verb ("the
	//     client may wish to consider");
	//   - "ideally ... would/should/could" (a wish, not an instruction);
	//   - "worth/merits" + a soft gerund.
	AdviceHedgeRe = regexp.MustCompile(`(?i)\bit\s+(?:is|may\s+be|might\s+be|could\s+be|would\s+be|will\s+be|seems|appears|would\s+seem)\s+(?:\w+\s+)?(?:advisable|prudent|sensible|wise|a\s+good\s+idea|preferable|desirable|worth(?:while)?\s+(?:[\w'’-]+\s+){0,4}?(?:` + SoftGerunds + `))\b` +
		`|\bthere\s+(?:is|may\s+be|might\s+be|could\s+be|would\s+be|seems\s+to\s+be)\s+(?:some\s+|real\s+|good\s+)?(?:merit|value|sense|scope|room|a\s+case|an\s+argument|benefit)\s+(?:in|for|to)\b` +
		`|\b(?:we|i)\s+(?:would\s+|might\s+|may\s+)?(?:suggest|recommend|advise|propose)\s+(?:(?:that\s+)?(?:[\w'’-]+\s+){0,5}?(?:consider\w*|explore|look\s+(?:into|at)|think\s+about|revisit|reconsider|reflect\s+on|review)\b|(?:` + SoftGerunds + `)\b)` +
		`|\b(?:may|might|could)\s+(?:also\s+|perhaps\s+)?(?:wish|want|like|care)\s+to\s+(?:consider|explore|look|think|revisit|reconsider|review|discuss|raise|reflect|evaluate|assess|seek|ask|try|push)\b` +
		`|\bideally\b[^.;:!?\n]{0,80}?\b(?:would|should|could|might)\b` +
		`|\b(?:worth|merits?)\s+(?:` + SoftGerunds + `|a\s+(?:look|review|discussion|conversation|try))\b`)

	// DirectionalGoalRe matches an imperative verb that names a goal rather
	// than a change ("strengthen", "harden", "restrict", "make ... idempotent",
	// "improve") and, when it stands where an imperative does and nothing
	// concrete follows it (directionalAt), is a directional-only fix.
	DirectionalGoalRe = regexp.MustCompile(`(?i)\b(?:improve|strengthen|tighten|harden|soften|loosen|relax|shore\s+up|overhaul|enhance|clarify|refine|sharpen|firm\s+up|beef\s+up|broaden|narrow|rework|rethink|revisit|reconsider|rebalance|address|mitigate|restrict|limit|reduce|minimi[sz]e|saniti[sz]e|validate|secure|lock\s+down|protect|expand|extend|increase|decrease|shorten|lengthen|adjust|align|update|ensure|make\s+sure|make|reinforce|bolster|toughen|streamline|simplify|fix|resolve|deal\s+with|work\s+on|look\s+at|review|revise|amend|modify|change)\b`)

	// GoalLeadRe matches what may stand right before an imperative goal
	// verb: the start of the line or sentence, a label, list or bold
	// markup, a bracket, "and"/"then"/"also"/"please" joining imperatives,
	// or a short opening phrase and a comma ("On the term, push ..."). Not
	// a modal: "the Supplier shall ensure" is drafting, not a direction.
	GoalLeadRe = regexp.MustCompile(`(?i)(?:^|[.:;!?]\s*|\*\*\s*|__\s*|\*\s*|[-–—]\s+|^\s*[-*+]\s+|^\s*\d{1,3}(?:\.\d{1,3})*[.)]?\s+|\[\s*|\b(?:and|then|please|also|first|second|third|finally|next)|^[^.,;:]{1,40},)\s*$`)

	// VagueVerbRe matches the imperative verbs of negotiation and delivery
	// ("push for", "negotiate", "seek", "carve out", "give"), which name a
	// direction only when their object is vague (vagueQualifierRe).
	VagueVerbRe = regexp.MustCompile(`(?i)\b(?:push|press|negotiate|seek|ask|request|obtain|get|carve\s+out|give|provide|introduce|add|build\s+in|put\s+in\s+place|adopt|implement|require|include|agree|insist\s+on|aim\s+for|go\s+for|move\s+to(?:wards)?)\b`)

	// VagueQualifierRe matches what makes an object vague: a comparative or
	// an unmeasured standard ("stronger", "better", "more balanced",
	// "proper", "appropriate", "acceptable", "some form of", "as
	// appropriate", "at some point").
	VagueQualifierRe = regexp.MustCompile(`(?i)\b(?:stronger|better|broader|narrower|tighter|clearer|fairer|firmer|safer|greater|more\s+\w+|less\s+\w+|proper(?:ly)?|appropriate(?:ly)?|adequate(?:ly)?|acceptable|reasonable|robust|balanced|fair|serious|meaningful|sufficient(?:ly)?|suitable|commercially\s+\w+|objective|sensible|enhanced|improved|some\s+(?:form|kind|sort|level)\s+of|in\s+some\s+way|as\s+(?:appropriate|needed|necessary|required)|where\s+(?:appropriate|possible|feasible)|if\s+possible|to\s+the\s+extent\s+(?:possible|feasible)|at\s+some\s+(?:point|stage)|in\s+due\s+course|at\s+a\s+later\s+stage)\b`)
)

// SoftGerunds are the gerunds of soft advice: looking, not doing.
const SoftGerunds = `considering|exploring|looking(?:\s+(?:at|into|further\s+into))?|reviewing|revisiting|reconsidering|raising|discussing|asking|seeking|thinking(?:\s+about)?|investigating|checking|pursuing|trying|pushing|negotiating|evaluating|assessing|examining|reflecting(?:\s+on)?`
