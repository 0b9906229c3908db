package swg

import (
	"fmt"
	"io"

	"animscope/formats"
)

// A shader template (FORM SSHT, or CSHD around one) is data, not a scene: a mesh
// names it for its textures. It registers as a data kind, with the verdict a
// scene gives it when a mesh names it, so that validate and inspect read one
// alone.
func init() {
	formats.RegisterData(formats.DataKind{
		Name:        "swg-shader",
		Description: "an SWG shader template (FORM SSHT or CSHD)",
		Sniff:       sniffShaderTemplate,
		Read:        readShaderData,
	})
}

func sniffShaderTemplate(_ string, head []byte) bool {
	if len(head) < 12 || string(head[:4]) != "FORM" {
		return false
	}
	form := string(head[8:12])
	return form == "SSHT" || form == "CSHD"
}

// shaderInfo is what `inspect --json` says of a shader template, under "shader".
type shaderInfo struct {
	Form     string   `json:"form"`    // SSHT or CSHD
	Version  string   `json:"version"` // the SSHT's
	Effect   string   `json:"effect,omitempty"`
	Main     string   `json:"main,omitempty"` // the MAIN texture the scene draws
	Textures []string `json:"textures"`       // "TAG name" or "TAG (placeholder)"
}

// appendTextureLines appends each texture t names as "TAG name", or "TAG
// (placeholder)" for a placeholder (as inspect lists them).
func appendTextureLines(dst []string, t *ShaderTemplate) []string {
	for _, x := range t.Textures {
		s := x.Tag
		switch {
		case x.Placeholder:
			s += " (placeholder)"
		case x.Name != "":
			s += " " + x.Name
		}
		dst = append(dst, s)
	}
	return dst
}

func readShaderData(src *formats.Source) (*formats.Data, error) {
	t, diags, err := DecodeShaderTemplate(src.Name, src.Data)
	if err != nil {
		return nil, err
	}
	info := shaderInfo{Form: t.Form, Version: t.Version, Effect: t.Effect, Textures: appendTextureLines([]string{}, t)}
	if m := t.Main(); m != nil {
		info.Main = m.Name
	}
	name := src.Name
	return &formats.Data{Key: "shader", Value: info, Diagnostics: diags, Text: func(w io.Writer) {
		fmt.Fprintf(w, "files:   %s\nformat:  swg shader template (FORM %s, SSHT %s)\n", name, info.Form, info.Version)
		if info.Effect != "" {
			fmt.Fprintf(w, "effect:  %q\n", info.Effect)
		}
		if info.Main != "" {
			fmt.Fprintf(w, "main:    %q\n", info.Main)
		}
		fmt.Fprintf(w, "textures: %d\n", len(info.Textures))
		for _, s := range info.Textures {
			fmt.Fprintf(w, "  %s\n", s)
		}
		fmt.Fprintf(w, "diagnostics: %d\n", len(diags))
		for _, d := range diags {
			fmt.Fprintf(w, "  warning: %s\n", d.String())
		}
	}}, nil
}
