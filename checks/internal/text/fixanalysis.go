package text

// LowerASCII writes the ASCII lower case of w (at most len(buf) bytes) into
// buf and returns it; a map lookup with string(...) of it does not
// allocate. Callers keep buf on the stack ("var b [16]byte",
// LowerASCII(b[:], w)).
func LowerASCII(buf []byte, w string) []byte {
	n := min(len(w), len(buf))
	for i := 0; i < n; i++ {
		c := w[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return buf[:n]
}
