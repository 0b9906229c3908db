package viewer

import (
	"animscope/assets"
	"animscope/formats"

	_ "animscope/formats/msh" // the demo is an MSH model
)

// demoLoader opens the built-in demo scene (assets.DemoMSH).
var demoLoader = func(opts formats.Options) (*formats.Asset, error) {
	return formats.OpenData(assets.DemoName, assets.DemoMSH, opts)
}

// DefaultLoader opens files with formats.Open, or the demo when there are none. A
// companion file given alone (an M2's .skin or .anim) opens the model it belongs
// to when that lies beside it (openOwner).
func DefaultLoader(files []string, opts formats.Options) (*formats.Asset, error) {
	if len(files) == 0 {
		a, err := demoLoader(opts)
		if err != nil || len(opts.Attach) == 0 {
			return a, err
		}
		return formats.AttachScene(a, opts.Attach, opts)
	}
	a, err := formats.Open(files, opts)
	if err != nil {
		return openOwner(files, opts, err)
	}
	return a, nil
}
