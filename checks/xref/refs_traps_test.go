package xref
