package m2

import (
	"animscope/formats/m2/m2test"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"animscope/anim"
	"animscope/formats"
)

const badName = "bad.m2"

// namedError checks that err is a *formats.FileError naming file with a byte offset.
func namedError(err error, file string) (*formats.FileError, bool) {
	var fe *formats.FileError
	if !errors.As(err, &fe) || fe.File != file || fe.Offset < 0 {
		return nil, false
	}
	return fe, strings.HasPrefix(err.Error(), fmt.Sprintf("%s: offset 0x%x: ", file, fe.Offset))
}

// decodeNoPanic decodes and turns a panic into a test failure.
func decodeNoPanic(t *testing.T, what string, data, skin []byte) (a *formats.Part, err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("%s: panic: %v", what, r)
		}
	}()
	return decodeMem(badName, data, skin)
}

// headerArrays lists the header's M2Array fields (spec §3.1 / §3.2).
func headerArrays(version uint32) []int {
	if version < 264 {
		out := []int{0x08}
		for o := 0x14; o <= 0xAC; o += 8 {
			out = append(out, o)
		}
		for o := 0xEC; o <= 0x13C; o += 8 { // after the two boxes
			out = append(out, o)
		}
		return out
	}
	out := []int{0x08}
	for o := 0x14; o <= 0x3C; o += 8 {
		out = append(out, o)
	}
	for o := 0x48; o <= 0x98; o += 8 {
		out = append(out, o)
	}
	for o := 0xD8; o <= 0x128; o += 8 {
		out = append(out, o)
	}
	return out
}

func TestBadTruncated(t *testing.T) {
	for _, v := range versions {
		data, skin := m2test.NewModel(v).Encode()
		for k := 0; k < 8; k++ {
			n := len(data) * k / 8
			_, err := decodeNoPanic(t, "truncated", data[:n:n], skin)
			if _, ok := namedError(err, badName); !ok {
				t.Errorf("version %d truncated to %d/8 (%d bytes): err %v, want a named FileError", v, k, n, err)
			}
		}
		if skin != nil {
			for k := 0; k < 8; k++ {
				n := len(skin) * k / 8
				_, err := decodeNoPanic(t, "truncated skin", data, skin[:n:n])
				if _, ok := namedError(err, SkinName(badName)); !ok {
					t.Errorf("skin truncated to %d/8: err %v, want a FileError naming %s", k, err, SkinName(badName))
				}
			}
		}
	}
}

func TestBadCounts(t *testing.T) {
	for _, v := range versions {
		data, skin := m2test.NewModel(v).Encode()
		for _, field := range headerArrays(v) {
			bad := append([]byte(nil), data...)
			binary.LittleEndian.PutUint32(bad[field:], 0xFFFFFFFF)
			_, err := decodeNoPanic(t, "count", bad, skin)
			fe, ok := namedError(err, badName)
			if !ok || fe.Offset != int64(field) {
				t.Errorf("version %d count at 0x%x = 0xFFFFFFFF: err %v, want a FileError at 0x%x", v, field, err, field)
			}
		}
		if skin != nil {
			for _, field := range []int{4, 12, 20, 28, 36} {
				bad := append([]byte(nil), skin...)
				binary.LittleEndian.PutUint32(bad[field:], 0xFFFFFFFF)
				_, err := decodeNoPanic(t, "skin count", data, bad)
				fe, ok := namedError(err, SkinName(badName))
				if !ok || fe.Offset != int64(field) {
					t.Errorf("skin count at 0x%x = 0xFFFFFFFF: err %v, want a FileError at 0x%x", field, err, field)
				}
			}
		}
		// A nested count: the timestamps of bone 0's translation track.
		boneField := map[uint32]int{256: 0x34, 260: 0x34, 264: 0x2C, 272: 0x2C}[v]
		bones := int(binary.LittleEndian.Uint32(data[boneField+4:]))
		field := bones + 0x0C + 12 // translation track + timestamps (pre) / value arrays (264)
		if v >= 260 {
			field = bones + 0x10 + 12
		}
		bad := append([]byte(nil), data...)
		binary.LittleEndian.PutUint32(bad[field:], 0xFFFFFFFF)
		_, err := decodeNoPanic(t, "track count", bad, skin)
		if fe, ok := namedError(err, badName); !ok || fe.Offset != int64(field) {
			t.Errorf("version %d track count at 0x%x: err %v, want a FileError there", v, field, err)
		}
	}
}

// TestBadFlippedBytes flips the low and the high byte of every header word: never a
// panic, and any error is named; a flipped high byte of a non-empty array's offset
// must be an error.
func TestBadFlippedBytes(t *testing.T) {
	for _, v := range versions {
		data, skin := m2test.NewModel(v).Encode()
		hdr := 0x144
		if v >= 264 {
			hdr = 0x130
		}
		isArray := map[int]bool{}
		for _, f := range headerArrays(v) {
			isArray[f] = true
		}
		for word := 0; word < hdr; word += 4 {
			for _, b := range []int{0, 3} {
				bad := append([]byte(nil), data...)
				bad[word+b] ^= 0xFF
				a, err := decodeNoPanic(t, "flip", bad, skin)
				if err != nil {
					if _, ok := namedError(err, badName); !ok {
						if _, ok := namedError(err, SkinName(badName)); !ok {
							t.Errorf("version %d flip 0x%x: unnamed error %v", v, word+b, err)
						}
					}
					continue
				}
				countField := word - 4
				if b == 3 && isArray[countField] && binary.LittleEndian.Uint32(data[countField:]) > 0 {
					t.Errorf("version %d: array at 0x%x with its offset's high byte flipped opened", v, countField)
				}
				checkAsset(t, a)
			}
		}
	}
}

func TestBadFiles(t *testing.T) {
	type tc struct {
		name    string
		version uint32
		mutate  func(m *m2test.Model)
		patch   func(data, skin []byte) ([]byte, []byte)
		file    string // the file the error names; badName when ""
		want    string
	}
	cases := []tc{
		{name: "parent cycle", version: 256, mutate: func(m *m2test.Model) { m.Bones[1].Parent = 0 }, want: "cycle"},
		{name: "parent cycle", version: 264, mutate: func(m *m2test.Model) { m.Bones[2].Parent = 2 }, want: "cycle"},
		{name: "parent out of range", version: 260, mutate: func(m *m2test.Model) { m.Bones[0].Parent = 3 }, want: "parent 3 is out of range"},
		{name: "negative parent", version: 264, mutate: func(m *m2test.Model) { m.Bones[0].Parent = -2 }, want: "parent -2 is out of range"},
		// A missing .skin is no longer bad input: the model opens skeleton-only,
		// with a warning (doc.go; TestSkinLookup).
		{name: "bad skin magic", version: 264, patch: func(d, s []byte) ([]byte, []byte) {
			s = append([]byte(nil), s...)
			copy(s, "NIKS")
			return d, s
		}, file: SkinName(badName), want: "is not \"SKIN\""},
		{name: "version 255", version: 256, patch: func(d, s []byte) ([]byte, []byte) {
			binary.LittleEndian.PutUint32(d[4:], 255)
			return d, s
		}, want: "version 255"},
		// 265–272 are read since versions.go; the first version past them is not.
		{name: "version 273", version: 264, patch: func(d, s []byte) ([]byte, []byte) {
			binary.LittleEndian.PutUint32(d[4:], 273)
			return d, s
		}, want: "version 273"},
		// "MD21" is sniffed now (and refused by version, TestMD21Refused), so the
		// bad magic is another one.
		{name: "bad magic", version: 256, patch: func(d, s []byte) ([]byte, []byte) {
			copy(d, "MD2X")
			return d, s
		}, want: "magic"},
		{name: "vertex bone out of range", version: 256, mutate: func(m *m2test.Model) { m.Verts[1].B[0] = 9 }, want: "bone 9 (weight 255) is out of range"},
		{name: "range past the keys", version: 256, mutate: func(m *m2test.Model) { m.Bones[0].T.Ranges[1] = [2]uint32{3, 7} }, want: "outside the 4 keys"},
		{name: "interpolation type 9", version: 260, mutate: func(m *m2test.Model) { m.Bones[0].T.Interp = 9 }, want: "interpolation type 9"},
		{name: "global sequence out of range", version: 264, mutate: func(m *m2test.Model) { m.Bones[2].T.Global = 5 }, want: "global sequence 5 is out of range"},
		{name: "NaN pivot", version: 256, mutate: func(m *m2test.Model) { m.Bones[0].Pivot[1] = float32(math.NaN()) }, want: "pivot"},
		{name: "infinite key", version: 264, mutate: func(m *m2test.Model) { m.Bones[0].T.SeqVals[0][1][2] = float32(math.Inf(1)) }, want: "not finite"},
		{name: "sequence end before start", version: 256, mutate: func(m *m2test.Model) { m.Seqs[0].End = 3000 }, want: "before start"},
		{name: "index past the vertex lookup", version: 260, mutate: func(m *m2test.Model) { m.Indices[4] = 4 }, want: "local vertex 4 is out of range"},
		{name: "vertex lookup past the vertices", version: 256, mutate: func(m *m2test.Model) { m.Lookup[3] = 4 }, want: "vertex 4 is out of range"},
		{name: "submesh past the index list", version: 264, mutate: func(m *m2test.Model) { m.Subs[1].ICount = 6 }, file: SkinName(badName), want: "pass the end of the index list"},
		{name: "timestamps without values", version: 256, mutate: func(m *m2test.Model) { m.Bones[0].T.Vals = m.Bones[0].T.Vals[:2] }, want: "2 values for 4 timestamps"},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s %d", c.name, c.version), func(t *testing.T) {
			m := m2test.NewModel(c.version)
			if c.mutate != nil {
				c.mutate(m)
			}
			data, skin := m.Encode()
			if c.patch != nil {
				data, skin = c.patch(data, skin)
			}
			_, err := decodeNoPanic(t, c.name, data, skin)
			file := c.file
			if file == "" {
				file = badName
			}
			if _, ok := namedError(err, file); !ok || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err %v, want a FileError naming %s and saying %q", err, file, c.want)
			}
		})
	}
}

// checkAsset checks what a decoded asset promises: a valid skeleton, meshes whose
// indices and joints are in range, and finite samples for every clip.
func checkAsset(t testing.TB, a *formats.Part) {
	t.Helper()
	s := a.Skeleton
	if err := s.Validate(); err != nil {
		t.Fatalf("skeleton: %v", err)
	}
	n := s.Len()
	for mi, m := range a.Meshes {
		for _, i := range m.Indices {
			if int(i) >= len(m.Positions) {
				t.Fatalf("mesh %d: index %d of %d vertices", mi, i, len(m.Positions))
			}
		}
		for _, j := range m.Joints {
			for _, x := range j {
				if int(x) >= n {
					t.Fatalf("mesh %d: joint %d of %d nodes", mi, x, n)
				}
			}
		}
	}
	out := make([]anim.Transform, n)
	pr := make([]anim.Probe, n)
	for ci, c := range a.Clips {
		d := c.Info().Duration
		for _, tau := range []float64{-10, 0, 1, d / 3, d, d + 17} {
			c.Sample(nil, tau, out, pr)
			for i, x := range out {
				vals := []float32{x.T[0], x.T[1], x.T[2], x.Q.W, x.Q.V[0], x.Q.V[1], x.Q.V[2], x.S[0], x.S[1], x.S[2]}
				for _, f := range vals {
					if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
						t.Fatalf("clip %d τ=%v node %d: %+v is not finite", ci, tau, i, x)
					}
				}
			}
			for mi := range a.Meshes {
				if al := c.(*Clip).MeshAlpha(mi, tau, tau); math.IsNaN(float64(al)) || math.IsInf(float64(al), 0) {
					t.Fatalf("clip %d mesh %d alpha %v", ci, mi, al)
				}
			}
		}
		for i := 0; i < n; i++ {
			c.(*Clip).KeyTimes(i, nil)
		}
	}
}
