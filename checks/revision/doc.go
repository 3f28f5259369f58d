// Package revision guards a loop against revisions that break what was
// right: it compares a revision with the candidate it revised, fact by fact
// (amounts, dates, numbers, quotations, section references, evidence
// citations), and re-verifies every changed fact against the task's
// evidence, the source and the task's input.
//
// RevisionGuard reports an added or changed fact nothing supports
// (revision.unsupported_change, block) and a dropped citation, supported
// fact or requirement match (revision.dropped_element, warn). Its Check
// method is a loop.RevisionCheck for text candidates; RevisionCheckFor
// adapts it to other candidate types.
package revision
