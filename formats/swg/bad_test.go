package swg_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/iff"
	"animscope/formats/swg"
	"animscope/formats/swg/swgtest"
)

// seedFiles are well-formed synthetic files of every kind, with the in-memory
// references a .lmg and a .sat need.
func seedFiles(t testing.TB) (files map[string][]byte, refs map[string][]byte) {
	sk := chainSkeleton(5)
	slod, err := swgtest.EncodeSLOD([]swgtest.SLODEntry{{T: sk}, {T: workedExample()}})
	if err != nil {
		t.Fatal(err)
	}
	mesh := mustEncodeMesh(t, synthMesh(sk.Names, "appearance/skeleton/s.skt"))
	files = map[string][]byte{
		"sktm.skt":  mustEncodeSKTM(t, sk),
		"slod.skt":  slod,
		"kfat3.ans": mustEncodeAnim(t, synthAnimation("KFAT", "0003", sk.Names, 12)),
		"kfat2.ans": mustEncodeAnim(t, synthAnimation("KFAT", "0002", sk.Names, 12)),
		"ckat.ans":  mustEncodeAnim(t, synthAnimation("CKAT", "0001", sk.Names, 12)),
		"m.mgn":     mesh,
		"m.lmg":     swgtest.EncodeLODList([]string{"appearance/mesh/m_l0.mgn"}),
		"m.sat":     swgtest.EncodeAppearance(&swg.Appearance{Meshes: []string{"appearance/mesh/m.lmg"}, Skeletons: []swg.SkeletonRef{{Path: "appearance/skeleton/s.skt"}}}),
	}
	refs = map[string][]byte{
		"appearance/mesh/m_l0.mgn":  mesh,
		"appearance/mesh/m.lmg":     files["m.lmg"],
		"appearance/skeleton/s.skt": files["sktm.skt"],
	}
	return files, refs
}

// namedError checks that err is a *formats.FileError naming the file and an
// offset inside (or at the end of) the data.
func namedError(err error, file string, n int) error {
	var fe *formats.FileError
	if !errors.As(err, &fe) {
		return fmt.Errorf("error %v (%T) is not a *formats.FileError", err, err)
	}
	if fe.File != file || fe.Offset < 0 || fe.Offset > int64(n) || !strings.HasPrefix(err.Error(), file+": offset 0x") {
		return fmt.Errorf("error %q does not name %s and an offset within %d bytes", err, file, n)
	}
	return nil
}

// headers lists the offsets of every block header in data.
func headers(data []byte) []int {
	nodes, err := iff.Parse("x", data)
	if err != nil {
		return nil
	}
	var out []int
	var walk func([]iff.Node)
	walk = func(ns []iff.Node) {
		for _, n := range ns {
			out = append(out, n.Off)
			walk(n.Kids)
		}
	}
	walk(nodes)
	return out
}

func decodeSeed(name string, data []byte, refs map[string][]byte) (a *formats.Part, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("PANIC: %v", r)
		}
	}()
	return swg.DecodeData(name, data, formats.Options{}, refs)
}

// Hand-broken files: truncated at each eighth, every size set to 0xFFFFFFFF
// and a flipped byte in every header field give a named error (or, for a flip
// that still leaves a readable file, success), never a panic.
func TestBrokenFiles(t *testing.T) {
	files, refs := seedFiles(t)
	for name, data := range files {
		if _, err := decodeSeed(name, data, refs); err != nil {
			t.Fatalf("%s: the seed does not decode: %v", name, err)
		}
		for k := 0; k < 8; k++ {
			cut := len(data) * k / 8
			_, err := decodeSeed(name, data[:cut], refs)
			if err == nil {
				t.Errorf("%s truncated to %d of %d bytes: no error", name, cut, len(data))
			} else if e := namedError(err, name, cut); e != nil {
				t.Errorf("%s truncated to %d: %v", name, cut, e)
			}
		}
		for _, off := range headers(data) {
			bad := append([]byte(nil), data...)
			binary.BigEndian.PutUint32(bad[off+4:], 0xFFFFFFFF)
			_, err := decodeSeed(name, bad, refs)
			if err == nil {
				t.Errorf("%s: size 0xFFFFFFFF at 0x%x: no error", name, off)
			} else if e := namedError(err, name, len(bad)); e != nil {
				t.Errorf("%s: size 0xFFFFFFFF at 0x%x: %v", name, off, e)
			} else if !strings.Contains(err.Error(), "runs past") {
				t.Errorf("%s: size 0xFFFFFFFF at 0x%x: %v, want a size past the parent", name, off, err)
			}
			for b := 0; b < 8; b++ {
				bad := append([]byte(nil), data...)
				bad[off+b] ^= 0x41
				if _, err := decodeSeed(name, bad, refs); err != nil {
					if e := namedError(err, name, len(bad)); e != nil {
						t.Errorf("%s: byte 0x%x of the header at 0x%x flipped: %v", name, off+b, off, e)
					}
				}
			}
		}
	}
}

// Specific faults give the expected message.
func TestBrokenFileMessages(t *testing.T) {
	files, refs := seedFiles(t)
	patchVersion := func(data []byte, from, to string) []byte {
		out := append([]byte(nil), data...)
		i := strings.Index(string(out), "FORM")
		j := strings.Index(string(out[i+4:]), from)
		copy(out[i+4+j:], to)
		return out
	}
	var noBPRO iff.Writer
	noBPRO.Form("SKTM").Form("0002").Chunk("INFO").I32(1).End().Chunk("NAME").CString("a").End().
		Chunk("PRNT").I32(-1).End().Chunk("RPRE").Quat(q(1, 0, 0, 0)).End().Chunk("RPST").Quat(q(1, 0, 0, 0)).End().
		Chunk("BPTR").F32(0).F32(0).F32(0).End().Chunk("JROR").U32(0).End()
	var badParent iff.Writer
	badParent.Form("SKTM").Form("0002").Chunk("INFO").I32(1).End().Chunk("NAME").CString("a").End().Chunk("PRNT").I32(0).End()
	var hugeCount iff.Writer
	hugeCount.Form("SKTM").Form("0002").Chunk("INFO").I32(60000).End().Chunk("NAME").CString("a").End()
	var noTerm iff.Writer
	noTerm.Form("SKTM").Form("0002").Chunk("INFO").I32(1).End().Chunk("NAME").Raw([]byte("abc")).End()
	var wrapper iff.Writer
	wrapper.Form("AGAT").Form("0000").End().End()
	var inner iff.Writer // a chunk whose size runs past its parent FORM
	inner.Form("SKTM").Raw([]byte("0002INFO\x00\x00\x00\x20")).I32(1)
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"v.skt", patchVersion(files["sktm.skt"], "0002", "0009"), "unknown version 0009"},
		{"v.ans", patchVersion(files["kfat3.ans"], "0003", "0004"), "unknown version 0004"},
		{"v0.ans", patchVersion(files["ckat.ans"], "0001", "0000"), "version 0000 is stale"},
		{"v.mgn", patchVersion(files["m.mgn"], "0004", "0005"), "unknown version 0005"},
		{"nobpro.skt", noBPRO.Bytes(), "CHUNK BPRO is missing"},
		{"parent.skt", badParent.Bytes(), "does not come before it"},
		{"huge.skt", hugeCount.Bytes(), "does not fit"},
		{"noterm.skt", noTerm.Bytes(), "no 0 terminator"},
		{"agat.ans", wrapper.Bytes(), "not a keyframe animation (FORM AGAT)"},
		{"inner.skt", inner.Bytes(), "runs past the end of FORM SKTM"},
		{"empty.ans", nil, "empty"},
	}
	for _, c := range cases {
		_, err := decodeSeed(c.name, c.data, refs)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
			continue
		}
		if e := namedError(err, c.name, len(c.data)); e != nil {
			t.Errorf("%s: %v", c.name, e)
		}
	}
}

// checkAsset is what every fuzz target asserts about a decoded file: the scene
// merges, and sampling it (bind pose or clip) gives finite numbers whenever the
// file's own numbers are of a sane size.
func checkAsset(t *testing.T, a *formats.Part, sane bool) {
	scene, err := formats.Merge([]*formats.Part{a})
	if err != nil {
		if a.Skeleton == nil && a.StandIn == nil {
			return
		}
		t.Fatalf("merge: %v", err)
	}
	s := scene.Skeleton
	n := s.Len()
	local := make([]anim.Transform, n)
	probes := make([]anim.Probe, n)
	model := make([]anim.Affine, n)
	clips := scene.Clips
	if len(clips) == 0 {
		clips = []anim.Clip{anim.BindPose{}}
	}
	for _, c := range clips {
		d := c.Info().Duration
		for _, tt := range []float64{-1, 0, 0.5, d / 3, d, d + 2} {
			c.Sample(nil, tt, local, probes)
			anim.LocalToModel(s, local, nil, model)
			if !sane {
				continue
			}
			for i := range model {
				for _, v := range model[i] {
					if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
						t.Fatalf("t=%g: joint %d model matrix is not finite: %v", tt, i, model[i])
					}
				}
			}
		}
	}
}
