package dds_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"animscope/formats/dds"
	"animscope/formats/dds/ddstest"
)

// Comparison with an independent decoder: Pillow (Debian's python3-pil), run by
// testdata/pillow_dds.py, which reads each file's header and finds each level
// itself.
//
// What Pillow 9.4 checks, and how:
//   - DXT1, DXT3, DXT5: the DDS plugin (its C BCn decoder), RGBA equal. Pillow
//     rounds the interpolants down as the dds package does, so there is no ±1 to
//     allow; DXT1's three-colour blocks give transparent black in both.
//   - A8R8G8B8, A8B8G8R8, R8G8B8, L8, A8L8: the DDS plugin, RGBA equal.
//   - X8R8G8B8 (which the 9.4 plugin reads as 3 bytes a pixel), A8: Pillow's raw
//     unpacker ("BGRX", "A"), RGBA equal.
//   - R5G6B5, X1R5G5B5, A1R5G5B5, A4R4G4B4: the raw unpacker ("BGR;16", "BGR;15",
//     "BGRA;15", "RGBA;4B"). Pillow widens an n-bit channel as v*255/(2^n-1)
//     rounded down where the dds package rounds to nearest (Direct3D's UNORM rule):
//     5- and 6-bit channels are 0 or 1 above Pillow's, 1- and 4-bit equal.
var rawModes = map[string]string{
	"X8R8G8B8": "BGRX", "A8": "A",
	"R5G6B5": "BGR;16", "X1R5G5B5": "BGR;15", "A1R5G5B5": "BGRA;15", "A4R4G4B4": "RGBA;4B",
}

// pillowPython returns the python3 that has PIL, or skips the test.
func pillowPython(t *testing.T) string {
	t.Helper()
	py := "/usr/bin/python3" // a pyenv python3 on PATH does not see Debian's python3-pil
	if out, err := exec.Command(py, "-c", "import PIL.DdsImagePlugin").CombinedOutput(); err != nil {
		t.Skipf("Pillow is not available to %s (apt-get install python3-pil): %v %s", py, err, out)
	}
	return py
}

type pillowJob struct {
	In   string `json:"in"`
	Mip  int    `json:"mip"`
	Mode string `json:"mode"`
	Raw  string `json:"raw"`
	Out  string `json:"out"`

	name string
	tex  *dds.Texture
	// below is how much above Pillow's each colour channel may be.
	below int
}

func TestPillowFixtures(t *testing.T) {
	py := pillowPython(t)
	dir := t.TempDir()
	var jobs []pillowJob
	write := func(name string, data []byte) {
		path := filepath.Join(dir, name+".dds")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		tex, err := dds.Parse(name, data)
		if err != nil {
			t.Fatal(err)
		}
		for n := range tex.Levels {
			j := pillowJob{In: path, Mip: n, Mode: "dds", name: name, tex: tex}
			if raw, ok := rawModes[tex.PixelFormat()]; ok {
				j.Mode, j.Raw = "raw", raw
				if raw != "A" && raw != "BGRX" && raw != "RGBA;4B" {
					j.below = 1
				}
			}
			j.Out = filepath.Join(dir, fmt.Sprintf("out%d.rgba", len(jobs)))
			jobs = append(jobs, j)
		}
	}
	for _, f := range ddstest.All {
		f.Mips = true
		src := smoothImage(32, 16)
		if f.Punch {
			src = punchImage(32, 16)
		}
		data, err := ddstest.Encode(src, f)
		if err != nil {
			t.Fatal(err)
		}
		write(f.Name, data)
	}
	// Random blocks and pixels reach what the encoder does not choose: both colour
	// modes in DXT1, both alpha modes in DXT5, every value of every channel width.
	rng := rand.New(rand.NewPCG(18, 2))
	for _, f := range ddstest.All {
		var levels [][]byte
		for lv := 0; lv < 5; lv++ { // 16 x 16 down to 1 x 1
			side := max(1, 16>>lv)
			size := side * side * f.BitCount / 8
			if f.Encoding != dds.Masked {
				size = 16 * ((side + 3) / 4) * ((side + 3) / 4)
				if f.Encoding == dds.DXT1 {
					size /= 2
				}
			}
			b := make([]byte, size)
			for i := range b {
				b[i] = byte(rng.UintN(256))
			}
			levels = append(levels, b)
		}
		write("random-"+f.Name, ddstest.Assemble(f, 16, 16, levels))
	}
	b, _ := json.Marshal(jobs)
	manifest := filepath.Join(dir, "jobs.json")
	if err := os.WriteFile(manifest, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(py, filepath.Join("testdata", "pillow_dds.py"), manifest).CombinedOutput(); err != nil {
		t.Fatalf("pillow_dds.py: %v\n%s", err, out)
	}
	above := 0
	for _, j := range jobs {
		want, err := os.ReadFile(j.Out)
		if err != nil {
			t.Fatal(err)
		}
		img, err := j.tex.Mip(j.Mip)
		if err != nil {
			t.Fatal(err)
		}
		got := img.Pix
		if len(got) != len(want) {
			t.Errorf("%s mip %d: Pillow gave %d bytes, we %d", j.name, j.Mip, len(want), len(got))
			continue
		}
		bad := 0
		for p := range got {
			d := int(got[p]) - int(want[p])
			ok := d == 0 || p%4 < 3 && d >= 0 && d <= j.below
			if d != 0 && ok {
				above++
			}
			if !ok {
				if bad < 3 {
					t.Errorf("%s mip %d (%s %s) pixel %d channel %d: got %d, Pillow %d", j.name, j.Mip, j.Mode, j.Raw, p/4, p%4, got[p], want[p])
				}
				bad++
			}
		}
		if bad > 0 {
			t.Errorf("%s mip %d: %d channel values differ", j.name, j.Mip, bad)
		}
	}
	t.Logf("%d levels compared with Pillow; %d channel values 1 above Pillow's (its rounded-down 5- and 6-bit widening), the rest equal", len(jobs), above)
}
