package viewer

import "strconv"

// Plural is "1 mesh", "2 meshes", "0 meshes": the viewer's counts with the noun in
// the right number (many is the plural form).
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
