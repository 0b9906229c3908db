package swgtest

import (
	"fmt"

	"animscope/formats/iff"
	"animscope/formats/swg"
)

// tagValue is a tag as the client stores it: the four letters as a big-endian
// number written little-endian, so "MAIN" is the bytes "NIAM".
func tagValue(tag string) (uint32, error) {
	if len(tag) != 4 {
		return 0, fmt.Errorf("shader: tag %q is not 4 bytes", tag)
	}
	return uint32(tag[0])<<24 | uint32(tag[1])<<16 | uint32(tag[2])<<8 | uint32(tag[3]), nil
}

// EncodeShaderTemplate writes t as a .sht: FORM SSHT of t.Version ("0001" when
// empty: the effect NAME first; "0000": the effect NAME last), wrapped in FORM
// CSHD 0001 (with an empty FORM MATR after it, as a customization) when t.Form is
// "CSHD". Every TXM is written in txmVersion ("0000", "0001" or "0002"), with
// address W and the filters 0 and anisotropy 1. A TCSS and an ARVS block are
// written too, for the decoder to skip.
func EncodeShaderTemplate(t *swg.ShaderTemplate, txmVersion string) ([]byte, error) {
	w := &iff.Writer{}
	if t.Form == "CSHD" {
		w.Form("CSHD").Form("0001")
	} else if t.Form != "" && t.Form != "SSHT" {
		return nil, fmt.Errorf("shader: cannot write FORM %s", t.Form)
	}
	v := t.Version
	if v == "" {
		v = "0001"
	}
	if v != "0000" && v != "0001" {
		return nil, fmt.Errorf("shader: cannot write SSHT %s", v)
	}
	w.Form("SSHT").Form(v)
	if v == "0001" && t.Effect != "" {
		w.Chunk("NAME").CString(t.Effect).End()
	}
	if len(t.Materials) > 0 {
		w.Form("MATS").Form("0000")
		for _, m := range t.Materials {
			tv, err := tagValue(m.Tag)
			if err != nil {
				return nil, err
			}
			w.Chunk("TAG ").U32(tv).End()
			w.Chunk("MATL")
			for _, c := range [][4]float32{m.Ambient, m.Diffuse, m.Emissive, m.Specular} {
				for _, f := range c {
					w.F32(f)
				}
			}
			w.F32(m.Power).End()
		}
		w.End().End()
	}
	if len(t.Textures) > 0 {
		w.Form("TXMS")
		for _, x := range t.Textures {
			tv, err := tagValue(x.Tag)
			if err != nil {
				return nil, err
			}
			w.Form("TXM ").Form(txmVersion).Chunk("DATA")
			switch txmVersion {
			case "0000":
				w.U8(boolU8(x.Placeholder)).U32(tv)
			case "0001", "0002":
				w.U32(tv).U8(boolU8(x.Placeholder)).U8(x.AddressU).U8(x.AddressV).U8(0).U8(0).U8(0).U8(0)
				if txmVersion == "0002" {
					w.U8(1)
				}
			default:
				return nil, fmt.Errorf("shader: cannot write TXM %s", txmVersion)
			}
			w.End()
			if x.Name != "" {
				w.Chunk("NAME").CString(x.Name).End()
			}
			w.End().End()
		}
		w.End()
		w.Form("TCSS").Chunk("0000")
		for _, x := range t.Textures {
			tv, _ := tagValue(x.Tag)
			w.U32(tv).U8(0)
		}
		w.End().End()
	}
	w.Form("ARVS").Chunk("0000").U32(0x4d41494e).U8(128).End().End()
	if v == "0000" && t.Effect != "" {
		w.Chunk("NAME").CString(t.Effect).End()
	}
	w.End().End() // version, SSHT
	if t.Form == "CSHD" {
		w.Form("MATR").End()
	}
	return w.Bytes(), nil
}

func boolU8(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
