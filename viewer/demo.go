package viewer

import (
	"animscope/assets"
	"animscope/formats"

	_ "animscope/formats/msh" // the demo is an MSH model
)

// DemoLoader opens the built-in demo scene (assets.DemoMSH).
var DemoLoader = func(opts formats.Options) (*formats.Asset, error) {
	return formats.OpenData(assets.DemoName, assets.DemoMSH, opts)
}

// DefaultLoader opens files with formats.Open, or the demo when there are none.
func DefaultLoader(files []string, opts formats.Options) (*formats.Asset, error) {
	if len(files) == 0 {
		return DemoLoader(opts)
	}
	return formats.Open(files, opts)
}
