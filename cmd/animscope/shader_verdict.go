package main

import (
	"fmt"
	"io"

	"animscope/formats"
	"animscope/formats/swg"
)

// shaderVerdict is, for a file that no scene decoder opens, the verdict an SWG
// scene gives the shader template when a mesh names it: decoded (with its
// warnings), refused (err names the file and the offset), or ok false when the
// file is no shader template (FORM SSHT or CSHD) at all.
func shaderVerdict(name string) (t *swg.ShaderTemplate, diags []formats.Diagnostic, ok bool, err error) {
	data, rerr := formats.ReadMember(name)
	if rerr != nil {
		return nil, nil, false, nil
	}
	return shaderVerdictData(name, data)
}

// shaderVerdictData is shaderVerdict on the bytes already read.
func shaderVerdictData(name string, data []byte) (t *swg.ShaderTemplate, diags []formats.Diagnostic, ok bool, err error) {
	if len(data) < 12 || string(data[:4]) != "FORM" {
		return nil, nil, false, nil
	}
	if form := string(data[8:12]); form != "SSHT" && form != "CSHD" {
		return nil, nil, false, nil
	}
	t, diags, err = swg.DecodeShaderTemplate(name, data)
	return t, diags, true, err
}

// inspectShaderOut is inspect's description of a shader template.
type inspectShaderOut struct {
	Files       []string      `json:"files"`
	Format      string        `json:"format"` // "swg-shader"
	Shader      inspectShader `json:"shader"`
	Diagnostics []inspectDiag `json:"diagnostics"`
}

type inspectShader struct {
	Form     string   `json:"form"`    // SSHT or CSHD
	Version  string   `json:"version"` // the SSHT's
	Effect   string   `json:"effect,omitempty"`
	Main     string   `json:"main,omitempty"` // the MAIN texture the scene draws
	Textures []string `json:"textures"`       // "TAG name" or "TAG (placeholder)"
}

// inspectShaderFile prints what inspect says of a shader template.
func inspectShaderFile(t *swg.ShaderTemplate, diags []formats.Diagnostic, name string, asJSON bool, stdout, stderr io.Writer) int {
	out := inspectShaderOut{Files: []string{name}, Format: "swg-shader", Diagnostics: []inspectDiag{},
		Shader: inspectShader{Form: t.Form, Version: t.Version, Effect: t.Effect, Textures: []string{}}}
	if m := t.Main(); m != nil {
		out.Shader.Main = m.Name
	}
	for _, x := range t.Textures {
		s := x.Tag
		switch {
		case x.Placeholder:
			s += " (placeholder)"
		case x.Name != "":
			s += " " + x.Name
		}
		out.Shader.Textures = append(out.Shader.Textures, s)
	}
	for _, d := range diags {
		out.Diagnostics = append(out.Diagnostics, diagJSON(d))
	}
	if asJSON {
		return writeJSON(out, stdout, stderr)
	}
	fmt.Fprintf(stdout, "files:   %s\nformat:  swg shader template (FORM %s, SSHT %s)\n", name, t.Form, t.Version)
	if t.Effect != "" {
		fmt.Fprintf(stdout, "effect:  %q\n", t.Effect)
	}
	if out.Shader.Main != "" {
		fmt.Fprintf(stdout, "main:    %q\n", out.Shader.Main)
	}
	fmt.Fprintf(stdout, "textures: %d\n", len(out.Shader.Textures))
	for _, s := range out.Shader.Textures {
		fmt.Fprintf(stdout, "  %s\n", s)
	}
	fmt.Fprintf(stdout, "diagnostics: %d\n", len(diags))
	for _, d := range diags {
		fmt.Fprintf(stdout, "  warning: %s\n", d.String())
	}
	return exitOK
}
