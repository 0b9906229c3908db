package msh_test

import (
	"testing"

	"animscope/formats"
	"animscope/formats/msh/mshtest"
	"animscope/formats/nres"
)

// TestMemberNotAModel: naming a member that is no nested NRes model (a WEAR
// table, a MAT0 material, a Texm texture, a member of another type) fails
// naming FILE:MEMBER, offset 0 and what the member is; it said `bad magic
// "2\n0 ", want "NRes"`. A nested NRes without model streams keeps its message.
func TestMemberNotAModel(t *testing.T) {
	arch := writeArchive(t,
		member(nres.TypeWEAR, "tank.wea", []byte(mshtest.Wear)),
		member(nres.TypeMAT0, "BODY", mshtest.MAT0("BODY.TEX")),
		member(nres.TypeTexm, "BODY.TEX", []byte("Texm and more bytes than a header")),
		member(0x21444F4D, "odd", []byte("MOD! some bytes")),
		member(0, "nested.rlb", nres.Encode(0, []nres.Entry{member(nres.TypeWEAR, "x.wea", []byte(mshtest.Wear))})),
	)
	for _, tc := range []struct{ member, want string }{
		{"tank.wea", arch + `:tank.wea: offset 0x0: member "tank.wea" is a WEAR table, not an MSH model (an NRes archive of Res1/Res2 streams)`},
		{"body", arch + `:body: offset 0x0: member "BODY" is a MAT0 material, not an MSH model (an NRes archive of Res1/Res2 streams)`},
		{"BODY.TEX", arch + `:BODY.TEX: offset 0x0: member "BODY.TEX" is a Texm texture (animscope texture reads it), not an MSH model (an NRes archive of Res1/Res2 streams)`},
		{"odd", arch + `:odd: offset 0x0: member "odd" is of type "MOD!", not an MSH model (an NRes archive of Res1/Res2 streams)`},
		{"nested.rlb", arch + `:nested.rlb: offset 0x0: member "nested.rlb" is an NRes archive without Res1/Res2 streams, not an MSH model`},
	} {
		_, err := formats.OpenFile(arch+":"+tc.member, formats.Options{})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.member, got, tc.want)
		}
	}
}
