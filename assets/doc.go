// Package assets holds animscope's built-in demo files, written by the project's own
// encoders and embedded in the binary.
//
// DemoMSH is a 17-node figure that walks in place and waves (see
// assets/internal/demo); open it with
//
//	formats.OpenData(assets.DemoName, assets.DemoMSH, opts)
//
// `go generate ./assets` rewrites demo.msh byte for byte from the generator.
package assets

import _ "embed"

//go:generate go run ./internal/gen -o demo.msh

// DemoName is the name the demo opens under (its clip is called "demo").
const DemoName = "demo.msh"

// DemoMSH is the demo model, an MSH (NRes) file.
//
//go:embed demo.msh
var DemoMSH []byte
