package swg

import (
	"fmt"

	"animscope/formats"
	"animscope/formats/iff"
)

// ShaderTemplate is a decoded shader template (.sht, FORMAT.md §10): a static
// template (FORM SSHT), or a customizable one (FORM CSHD) read as the static
// template it wraps; its customizations (palette colours, texture switches) are
// not read.
type ShaderTemplate struct {
	File    string
	Form    string // "SSHT" or "CSHD"
	Version string // the SSHT's version form: "0000" or "0001"
	// Effect is the effect file the template names (its CHUNK NAME); "" when the
	// effect is held inline (FORM EFCT). The effect says how the textures are
	// combined and blended; it is not read.
	Effect    string
	Materials []ShaderMaterial
	Textures  []ShaderTexture
}

// ShaderMaterial is one entry of MATS: a tag and a fixed-function material.
// Colours are as stored: alpha, red, green, blue.
type ShaderMaterial struct {
	Tag                                  string
	Ambient, Diffuse, Emissive, Specular [4]float32
	Power                                float32
}

// Texture address modes of a TXM (StaticShaderTemplate's TextureAddress).
const (
	AddressWrap       = 0
	AddressMirror     = 1
	AddressClamp      = 2
	AddressBorder     = 3
	AddressMirrorOnce = 4
	AddressInvalid    = 5 // TXM 0000 stores none
)

// ShaderTexture is one TXM of TXMS: the texture bound to a tag (MAIN is the base
// colour; NRML, DOT3, SPEC, ENVM, ... others).
type ShaderTexture struct {
	Tag string
	// Placeholder textures are filled at run time (ENVM is always one): no file.
	Placeholder bool
	// AddressU and AddressV are the address modes (AddressInvalid in version 0000).
	AddressU, AddressV uint8
	// Name is the texture file (a .dds under texture/); "" when the TXM has none.
	Name string
	// Offset is where the TXM's FORM starts, for messages.
	Offset int
}

// repeats reports whether an address mode repeats the texture (wrap and mirror,
// which the renderer draws as wrap, and the unset mode of version 0000, whose
// sampler keeps Direct3D's default, wrap).
func repeats(mode uint8) bool {
	return mode != AddressClamp && mode != AddressBorder
}

// Main returns the MAIN texture that names a file, or nil.
func (t *ShaderTemplate) Main() *ShaderTexture {
	for i := range t.Textures {
		if x := &t.Textures[i]; x.Tag == "MAIN" && !x.Placeholder && x.Name != "" {
			return x
		}
	}
	return nil
}

// tagOf renders a tag stored as a little-endian uint32 (the client's Tag value,
// 'M'<<24 | 'A'<<16 | 'I'<<8 | 'N' for MAIN, so the bytes on disk read "NIAM").
func tagOf(v uint32) string {
	b := []byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}
	if !iff.IsTag(b) {
		return fmt.Sprintf("%q", b)
	}
	return string(b)
}

// DecodeShaderTemplate reads a .sht held in data. Blocks it does not use (TCSS,
// TFNS, TSNS, ARVS, SRVS, an inline EFCT, CSHD's customizations) are skipped;
// a block of another kind is a warning.
func DecodeShaderTemplate(file string, data []byte) (*ShaderTemplate, []formats.Diagnostic, error) {
	c := iff.NewCursor(file, data)
	t := &ShaderTemplate{File: file}
	var ds []formats.Diagnostic
	top, ok, err := c.Peek()
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return nil, nil, c.Errf(0, "the file is empty")
	}
	if !top.IsForm() || top.Name != "SSHT" && top.Name != "CSHD" {
		return nil, nil, c.Errf(0, "%s: not a shader template this program reads (FORM SSHT or CSHD)", top)
	}
	t.Form = top.Name
	if top.Name == "CSHD" {
		c.EnterForm("CSHD")
		v, err := c.EnterForm("")
		if err != nil {
			return nil, nil, err
		}
		if v.Name != "0000" && v.Name != "0001" {
			return nil, nil, c.Errf(v.Off, "FORM CSHD version %s: want 0000 or 0001", v.Name)
		}
	}
	if _, err := c.EnterForm("SSHT"); err != nil {
		return nil, nil, err
	}
	v, err := c.EnterForm("")
	if err != nil {
		return nil, nil, err
	}
	if v.Name != "0000" && v.Name != "0001" {
		return nil, nil, c.Errf(v.Off, "FORM SSHT version %s: want 0000 or 0001", v.Name)
	}
	t.Version = v.Name
	for !c.AtEnd() {
		b, _, err := c.Peek()
		if err != nil {
			return nil, nil, err
		}
		switch {
		case b.IsForm() && b.Name == "MATS":
			if err := t.readMATS(c); err != nil {
				return nil, nil, err
			}
		case b.IsForm() && b.Name == "TXMS":
			if err := t.readTXMS(c); err != nil {
				return nil, nil, err
			}
		case !b.IsForm() && b.Tag == "NAME":
			ch, _ := c.Chunk("NAME")
			t.Effect = ch.CString()
			if err := done(ch); err != nil {
				return nil, nil, err
			}
		case b.IsForm() && (b.Name == "EFCT" || b.Name == "TCSS" || b.Name == "TFNS" || b.Name == "TSNS" || b.Name == "ARVS" || b.Name == "SRVS"):
			c.Next()
		default:
			ds = append(ds, formats.DiagWarnf(file, int64(b.Off), "%s in FORM SSHT: not a block of a shader template; ignored", b))
			c.Next()
		}
	}
	return t, ds, nil
}

// readMATS: FORM MATS, FORM 0000, then pairs of CHUNK "TAG " (a uint32 tag) and
// CHUNK MATL (ambient, diffuse, emissive, specular as four floats A R G B each,
// then the specular power: 68 bytes).
func (t *ShaderTemplate) readMATS(c *iff.Cursor) error {
	c.EnterForm("MATS")
	defer c.Exit()
	if _, err := c.EnterForm("0000"); err != nil {
		return err
	}
	defer c.Exit()
	for !c.AtEnd() {
		ch, err := c.Chunk("TAG ")
		if err != nil {
			return err
		}
		m := ShaderMaterial{Tag: tagOf(ch.U32())}
		if err := done(ch); err != nil {
			return err
		}
		if ch, err = c.Chunk("MATL"); err != nil {
			return err
		}
		for _, col := range []*[4]float32{&m.Ambient, &m.Diffuse, &m.Emissive, &m.Specular} {
			for k := range col {
				col[k] = ch.F32()
			}
		}
		m.Power = ch.F32()
		if err := done(ch); err != nil {
			return err
		}
		t.Materials = append(t.Materials, m)
	}
	return nil
}

// readTXMS: FORM TXMS holds FORM "TXM " entries, each a version form (0000,
// 0001 or 0002) with CHUNK DATA and the texture's CHUNK NAME:
//
//	0000: u8 placeholder, u32 tag
//	0001: u32 tag, u8 placeholder, u8 address U, V, W, u8 mip, min, mag filter
//	0002: as 0001, then u8 maximum anisotropy
//
// ENVM textures are placeholders whatever the flag says.
func (t *ShaderTemplate) readTXMS(c *iff.Cursor) error {
	c.EnterForm("TXMS")
	defer c.Exit()
	for !c.AtEnd() {
		fb, err := c.EnterForm("TXM ")
		if err != nil {
			return err
		}
		v, err := c.EnterForm("")
		if err != nil {
			return err
		}
		ch, err := c.Chunk("DATA")
		if err != nil {
			return err
		}
		x := ShaderTexture{Offset: fb.Off, AddressU: AddressInvalid, AddressV: AddressInvalid}
		switch v.Name {
		case "0000":
			x.Placeholder = ch.U8() != 0
			x.Tag = tagOf(ch.U32())
		case "0001", "0002":
			x.Tag = tagOf(ch.U32())
			x.Placeholder = ch.U8() != 0
			x.AddressU, x.AddressV = ch.U8(), ch.U8()
			for k := 0; k < 4; k++ { // address W, mip, min and mag filters
				ch.U8()
			}
			if v.Name == "0002" {
				ch.U8() // maximum anisotropy
			}
		default:
			return c.Errf(v.Off, "FORM TXM version %s: want 0000, 0001 or 0002", v.Name)
		}
		if err := done(ch); err != nil {
			return err
		}
		for _, a := range []uint8{x.AddressU, x.AddressV} {
			if a > AddressInvalid {
				return c.Errf(ch.Off, "TXM %s: texture address mode %d: want 0 to %d", x.Tag, a, AddressMirrorOnce)
			}
		}
		if x.Tag == "ENVM" {
			x.Placeholder = true
		}
		if ch, err := c.TryChunk("NAME"); err != nil {
			return err
		} else if ch != nil {
			x.Name = ch.CString()
			if err := done(ch); err != nil {
				return err
			}
		}
		c.Exit() // the version form; anything after NAME is the client's to ignore too
		c.Exit() // TXM
		t.Textures = append(t.Textures, x)
	}
	return nil
}
