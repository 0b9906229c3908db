package main

import (
	"testing"

	"animscope/formats/msh/mshtest"
	"animscope/formats/nres"
	"animscope/formats/swg"
	"animscope/formats/swg/swgtest"
)

// verdictFixtures are the families brokenFixtures lacks, for the one-verdict
// corpus: an outer NRes archive of a texture and a model (it opens as its model),
// the same with a second model (inspect lists it; validate checks both models), an SWG .lmg and .sat
// (naming corpusMesh beside them and the MGN fixture's skeleton), and VoxelCore
// text: a VCM model and a VCA clip. All are written by the project's encoders or,
// for text formats, written out here.
func verdictFixtures(t *testing.T) []fixture {
	t.Helper()
	a, err := mshtest.NewChain(3, 9).Encode()
	if err != nil {
		t.Fatal(err)
	}
	b, err := mshtest.WorkedExample().Encode()
	if err != nil {
		t.Fatal(err)
	}
	archive := nres.Encode(0, []nres.Entry{
		nresEntry(nres.TypeTexm, "skin.tex", []byte("Texm....")),
		nresEntry(nres.TypeMESH, "CHAIN.msh", a),
		nresEntry(0, "Worked.MSH", b),
	})
	dir := len(archive) - 3*nres.EntrySize
	single := nres.Encode(0, []nres.Entry{
		nresEntry(nres.TypeTexm, "skin.tex", []byte("Texm....")),
		nresEntry(nres.TypeMESH, "CHAIN.msh", a),
	})
	dir1 := len(single) - 2*nres.EntrySize
	sat := swgtest.EncodeAppearance(&swg.Appearance{Version: "0003", Meshes: []string{corpusLOD},
		Skeletons: []swg.SkeletonRef{{Path: mgnSkeleton}}})
	return []fixture{
		{"single.rlb", single, []field{{"entry_count", 8, 4}, {"total_size", 12, 4},
			{"entry 1 size", dir1 + nres.EntrySize + 12, 4}, {"entry 1 data_offset", dir1 + nres.EntrySize + nres.FieldOffset, 4}}, nil},
		{"units.rlb", archive, []field{{"entry_count", 8, 4}, {"total_size", 12, 4},
			{"entry 1 size", dir + nres.EntrySize + 12, 4}, {"entry 1 data_offset", dir + nres.EntrySize + nres.FieldOffset, 4},
			{"entry 2 name", dir + 2*nres.EntrySize + nres.FieldName, 4}}, nil},
		{"body.lmg", swgtest.EncodeLODList([]string{corpusMesh}), []field{{"FORM size", 4, 4}, {"MLOD tag", 8, 4}}, nil},
		{"body.sat", sat, []field{{"FORM size", 4, 4}, {"SMAT tag", 8, 4}}, nil},
		{"model.vcm", []byte(corpusVCM), nil, nil},
		{"wave.vca", []byte(corpusVCA), nil, nil},
	}
}

// Files the SWG fixtures name, written into the corpus folder by
// writeVerdictCompanions.
const (
	corpusMesh = "corpus_mesh.mgn"
	corpusLOD  = "corpus_lod.lmg"
)

func writeVerdictCompanions(t *testing.T, dir string, write func(string, []byte)) {
	t.Helper()
	write(dir+"/"+corpusMesh, mgnFixture(t))
	write(dir+"/"+corpusLOD, swgtest.EncodeLODList([]string{corpusMesh}))
}

const corpusVCM = "@bone name 'body' {\n @box from (-0.2,0,-0.125) to (0.2,0.5,0.15)\n" +
	" @bone name 'head' move (0,0.5,0) rotate (0,45,0) {\n  @box from (-0.2,0,-0.2) to (0.2,0.4,0.2)\n }\n}\n"

const corpusVCA = "@configure fps 20 frames 40\n" +
	"@rotate bone head by y curve linear {\n @key frame 0 value 0\n @key frame 20 value 90\n @key frame 40 value 0\n}\n" +
	"@move bone body by y curve linear {\n @key frame 0 value 0\n @key frame 10 value 0.05\n}\n"

// nresEntry is an NRes archive entry of a type and name holding data.
func nresEntry(typ uint32, name string, data []byte) nres.Entry {
	e := nres.Entry{Type: typ, Data: data}
	e.SetName(name)
	return e
}
