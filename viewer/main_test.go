package viewer

import "flag"

// update rewrites the golden files under testdata (go test ./viewer/ -update).
var update = flag.Bool("update", false, "rewrite the golden files under testdata")
