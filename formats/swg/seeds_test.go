package swg_test

import (
	"encoding/binary"
	"testing"

	"animscope/formats/internal/fuzzseed"
	"animscope/formats/swg"
	"animscope/formats/swg/swgtest"
)

// TestWriteFuzzSeeds (re)writes the seed corpora of FuzzSKT, FuzzANS, FuzzMGN,
// FuzzLMG and FuzzSAT from the package's own encoders; it does nothing without
// -write-seeds (committed regression seeds with other names are kept):
//
//	go test ./formats/swg -run TestWriteFuzzSeeds -args -write-seeds
func TestWriteFuzzSeeds(t *testing.T) {
	fuzzseed.Skip(t)
	files, _ := seedFiles(t)
	half := func(b []byte) []byte { return b[:len(b)/2] }
	// setU32 overwrites the big-endian u32 at off (an IFF size, or a tag).
	setU32 := func(b []byte, off int, v uint32) []byte {
		c := append([]byte(nil), b...)
		binary.BigEndian.PutUint32(c[off:], v)
		return c
	}
	type seed struct {
		name string
		data []byte
	}
	sk := chainSkeleton(5)
	slod1, err := swgtest.EncodeSLOD([]swgtest.SLODEntry{{T: workedExample()}})
	if err != nil {
		t.Fatal(err)
	}
	corpora := map[string][]seed{
		"FuzzSKT": {
			{"seed-sktm-chain-5", files["sktm.skt"]},
			{"seed-sktm-worked-example", mustEncodeSKTM(t, workedExample())},
			{"seed-sktm-one-joint", mustEncodeSKTM(t, chainSkeleton(1))},
			{"seed-sktm-chain-12", mustEncodeSKTM(t, chainSkeleton(12))},
			{"seed-slod-two-lods", files["slod.skt"]},
			{"seed-slod-one-lod", slod1},
			{"seed-sktm-truncated-half", half(files["sktm.skt"])},
			{"seed-sktm-form-size-ffffffff", setU32(files["sktm.skt"], 4, 0xFFFFFFFF)},
		},
		"FuzzANS": {
			{"seed-kfat-0003", files["kfat3.ans"]},
			{"seed-kfat-0002", files["kfat2.ans"]},
			{"seed-ckat-0001", files["ckat.ans"]},
			{"seed-kfat-0003-one-joint-2-frames", mustEncodeAnim(t, synthAnimation("KFAT", "0003", sk.Names[:1], 2))},
			{"seed-ckat-0001-3-joints-40-frames", mustEncodeAnim(t, synthAnimation("CKAT", "0001", sk.Names[:3], 40))},
			{"seed-kfat-0003-truncated-half", half(files["kfat3.ans"])},
			{"seed-ckat-0001-truncated-half", half(files["ckat.ans"])},
		},
		"FuzzMGN": {
			{"seed-skmg-0004-5-joints", files["m.mgn"]},
			{"seed-skmg-0004-1-joint", mustEncodeMesh(t, synthMesh(sk.Names[:1], "appearance/skeleton/s.skt"))},
			{"seed-skmg-0004-worked-example", mustEncodeMesh(t, synthMesh(workedExample().Names, "appearance/skeleton/w.skt"))},
			{"seed-skmg-truncated-half", half(files["m.mgn"])},
			{"seed-skmg-form-size-ffffffff", setU32(files["m.mgn"], 4, 0xFFFFFFFF)},
		},
		"FuzzLMG": {
			{"seed-mlod-one", files["m.lmg"]},
			{"seed-mlod-three", swgtest.EncodeLODList([]string{"appearance/mesh/m_l0.mgn", "appearance/mesh/m_l1.mgn", "appearance/mesh/m_l2.mgn"})},
			{"seed-mlod-empty", swgtest.EncodeLODList(nil)},
			{"seed-mlod-truncated-half", half(files["m.lmg"])},
		},
		"FuzzSAT": {
			{"seed-smat-lmg", files["m.sat"]},
			{"seed-smat-mgn-two-skeletons", swgtest.EncodeAppearance(&swg.Appearance{Meshes: []string{"appearance/mesh/m_l0.mgn"},
				Skeletons: []swg.SkeletonRef{{Path: "appearance/skeleton/s.skt"}, {Path: "appearance/skeleton/s.skt"}}, CreateAnimationCtrl: true})},
			{"seed-smat-empty", swgtest.EncodeAppearance(&swg.Appearance{})},
			{"seed-smat-truncated-half", half(files["m.sat"])},
		},
	}
	for target, seeds := range corpora {
		for _, s := range seeds {
			fuzzseed.Write(t, target, s.name, s.data)
		}
	}
}
