package viewer

import (
	"animscope/formats"
)

// DemoLoader opens the built-in demo scene.
var DemoLoader = func(opts formats.Options) (*formats.Asset, error) {
	return SyntheticAsset(24), nil
}

// DefaultLoader opens files with formats.Open, or the demo when there are none.
func DefaultLoader(files []string, opts formats.Options) (*formats.Asset, error) {
	if len(files) == 0 {
		return DemoLoader(opts)
	}
	return formats.Open(files, opts)
}
