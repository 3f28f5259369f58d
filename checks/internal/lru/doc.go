// Package lru is a map from strings to values bounded by the bytes its
// values hold, evicting the least recently used first. The checks keep
// what they learn about the sources they saw last in one (quote indexes,
// source outlines), so that a loop revising one deliverable against one
// source reads the source once, and a task's evidence items are read once
// each however many there are.
package lru
