package formats

import "strings"

// ZlibWhy is why a zlib stream failed to unpack, worded once: compress/zlib's
// own errors already say "zlib: …" (invalid header, checksum), while those of
// the stream under it (flate's corrupt input, an unexpected end) do not, and
// get the prefix here.
func ZlibWhy(err error) string {
	msg := err.Error()
	if strings.HasPrefix(msg, "zlib: ") {
		return msg
	}
	return "zlib: " + msg
}
