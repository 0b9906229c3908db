package blp_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"animscope/formats/blp"
	"animscope/formats/blp/blptest"
	"animscope/formats/samples"
)

// Comparison with an independent decoder: Pillow (Debian's python3-pil), run by
// testdata/pillow_blp.py, which reads each file's header and mip table itself.
//
// What Pillow 9.4 can and cannot check, and how each encoding is compared:
//   - BLP2 palettized: Pillow's BLP plugin, RGBA equal. Pillow takes alpha from the
//     palette entry, not from the alpha plane; blptest writes the same alpha in
//     both, so the plane is checked here and the palette-ignoring rule in
//     TestPaletteAlphaPlane.
//   - BLP1 palettized: the plugin, RGB equal; it reads no alpha from BLP1 files
//     (its alpha-depth byte is the second byte of BLP1's 32-bit alpha-bits field).
//   - DXT1/3/5: Pillow's C BCn decoder on the level's blocks, RGBA equal. Pillow's
//     BLP plugin also decodes them, but widens 5:6:5 endpoints by shifting
//     (31 -> 248) where hardware and this package replicate bits (31 -> 255); there
//     each channel is 0 to 7 above the plugin's, alpha equal.
//   - BGRA (BLP2 encoding 3): the plugin of 9.4 refuses it; the level's bytes go
//     through Pillow's raw BGRA unpacker, RGBA equal.
//   - JPEG (BLP1): the plugin, within jpegTolerance (libjpeg and image/jpeg differ
//     in their IDCT rounding and chroma upsampling).
const jpegTolerance = 2 // measured: 2

// pillowPython returns the python3 that has PIL, or skips the test.
func pillowPython(t *testing.T) string {
	t.Helper()
	py := "/usr/bin/python3" // a pyenv python3 on PATH does not see Debian's python3-pil
	if out, err := exec.Command(py, "-c", "import PIL.BlpImagePlugin").CombinedOutput(); err != nil {
		t.Skipf("Pillow is not available to %s (apt-get install python3-pil): %v %s", py, err, out)
	}
	return py
}

type pillowJob struct {
	In   string `json:"in"`
	Mip  int    `json:"mip"`
	Mode string `json:"mode"`
	Out  string `json:"out"`

	name string
	tex  *blp.Texture
}

// runPillow decodes every job with Pillow and returns each level's RGBA bytes.
func runPillow(t *testing.T, py string, jobs []pillowJob) [][]byte {
	t.Helper()
	dir := t.TempDir()
	for i := range jobs {
		jobs[i].Out = filepath.Join(dir, fmt.Sprintf("out%d.rgba", i))
	}
	manifest := filepath.Join(dir, "jobs.json")
	b, _ := json.Marshal(jobs)
	if err := os.WriteFile(manifest, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(py, filepath.Join("testdata", "pillow_blp.py"), manifest).CombinedOutput(); err != nil {
		t.Fatalf("pillow_blp.py: %v\n%s", err, out)
	}
	res := make([][]byte, len(jobs))
	for i, j := range jobs {
		var err error
		if res[i], err = os.ReadFile(j.Out); err != nil {
			t.Fatal(err)
		}
	}
	return res
}

// jobsFor lists the Pillow decodes that check every level of tex.
func jobsFor(name, path string, tex *blp.Texture) []pillowJob {
	var jobs []pillowJob
	for n, lv := range tex.Levels {
		add := func(mode string) {
			jobs = append(jobs, pillowJob{In: path, Mip: n, Mode: mode, name: name, tex: tex})
		}
		switch tex.Encoding {
		case blp.DXT1, blp.DXT3, blp.DXT5:
			add("bcn")
			if lv.Width%4 == 0 && lv.Height%4 == 0 {
				add("blp") // the plugin reads whole blocks only
			}
		case blp.BGRA:
			add("bgra")
		default:
			add("blp")
		}
	}
	return jobs
}

// compare checks our decode of each job's level against Pillow's and returns the
// largest difference seen on a JPEG level.
func compare(t *testing.T, jobs []pillowJob, res [][]byte) (maxDiff int) {
	t.Helper()
	for i, j := range jobs {
		img, err := j.tex.Mip(j.Mip)
		if err != nil {
			t.Errorf("%s mip %d: %v", j.name, j.Mip, err)
			continue
		}
		got, want := img.Pix, res[i]
		if len(want) != len(got) {
			t.Errorf("%s mip %d (%s): Pillow gave %d bytes, we %d", j.name, j.Mip, j.Mode, len(want), len(got))
			continue
		}
		bad := 0
		for p := 0; p < len(got); p++ {
			ch := p % 4
			d := int(got[p]) - int(want[p])
			ok := d == 0
			switch {
			case j.tex.Version == 1 && j.tex.Encoding == blp.Palette && ch == 3:
				ok = true // Pillow reads no BLP1 alpha
			case j.tex.Encoding == blp.JPEG:
				ok = abs(d) <= jpegTolerance
			case j.Mode == "blp" && j.tex.Encoding >= blp.DXT1 && j.tex.Encoding <= blp.DXT5 && ch < 3:
				ok = d >= 0 && d <= 7 // the plugin's shifted endpoints
			}
			if j.tex.Encoding == blp.JPEG {
				maxDiff = max(maxDiff, abs(d))
			}
			if !ok {
				if bad < 3 {
					t.Errorf("%s mip %d (%s) pixel %d channel %d: got %d, Pillow %d", j.name, j.Mip, j.Mode, p/4, ch, got[p], want[p])
				}
				bad++
			}
		}
		if bad > 0 {
			t.Errorf("%s mip %d (%s): %d channel values differ", j.name, j.Mip, j.Mode, bad)
		}
	}
	return maxDiff
}

// TestPillowFixtures decodes every fixture encoding, every level, with Pillow too.
func TestPillowFixtures(t *testing.T) {
	py := pillowPython(t)
	dir := t.TempDir()
	var jobs []pillowJob
	write := func(name string, data []byte) {
		path := filepath.Join(dir, name+".blp")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		tex, err := blp.Parse(name, data)
		if err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, jobsFor(name, path, tex)...)
	}
	for _, fx := range fixtures {
		data, err := blptest.Encode(source(fx), fx.f)
		if err != nil {
			t.Fatal(err)
		}
		write(fx.name, data)
	}
	// Random DXT blocks reach every block mode the encoder does not choose: both
	// colour modes in DXT1, both alpha modes in DXT5, any index pattern.
	rng := rand.New(rand.NewPCG(18, 1))
	for _, f := range []blptest.Format{
		{Version: 2, Encoding: blp.DXT1, AlphaDepth: 0, Mips: true},
		{Version: 2, Encoding: blp.DXT1, AlphaDepth: 1, Mips: true},
		{Version: 2, Encoding: blp.DXT3, AlphaDepth: 8, Mips: true},
		{Version: 2, Encoding: blp.DXT5, AlphaDepth: 8, Mips: true},
	} {
		size := 16
		if f.Encoding == blp.DXT1 {
			size = 8
		}
		var levels [][]byte
		for _, blocks := range []int{16, 4, 1, 1, 1} { // 16x16 down to 1x1
			b := make([]byte, blocks*size)
			for i := range b {
				b[i] = byte(rng.UintN(256))
			}
			levels = append(levels, b)
		}
		write(fmt.Sprintf("random-%v-a%d", f.Encoding, f.AlphaDepth), blptest.Assemble(f, 16, 16, nil, nil, levels))
	}
	res := runPillow(t, py, jobs)
	d := compare(t, jobs, res)
	t.Logf("%d levels compared with Pillow; largest JPEG difference %d (the rest exact, or the plugin's DXT within its endpoint shift)", len(jobs), d)
}

// TestPillowSamples decodes every level of every sample texture with Pillow too.
func TestPillowSamples(t *testing.T) {
	dir := samples.Dir(t, "m2")
	py := pillowPython(t)
	paths, _ := filepath.Glob(filepath.Join(dir, "*.blp"))
	if len(paths) == 0 {
		t.Skip("no .blp samples")
	}
	var jobs []pillowJob
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		tex, err := blp.Parse(p, data)
		if err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, jobsFor(filepath.Base(p), p, tex)...)
	}
	res := runPillow(t, py, jobs)
	compare(t, jobs, res)
	t.Logf("%d files, %d level decodes compared with Pillow", len(paths), len(jobs))
}
