package text

// AsciiFoldPrefix reports whether w starts with p (lower-case ASCII),
// ASCII case aside: the test strings.ToLower(w) makes for an ASCII prefix,
// without allocating.
func AsciiFoldPrefix(w, p string) bool {
	if len(w) < len(p) {
		return false
	}
	for i := 0; i < len(p); i++ {
		c := w[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != p[i] {
			return false
		}
	}
	return true
}
