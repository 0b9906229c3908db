// Command gen writes the built-in demo model (assets/demo.msh) with the project's
// MSH writer. Run it through `go generate ./assets`.
package main

import (
	"flag"
	"fmt"
	"os"

	"animscope/assets/internal/demo"
)

func main() {
	out := flag.String("o", "demo.msh", "output file")
	flag.Parse()
	if err := demo.Model().WriteFile(*out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
