package mif

import "testing"

// benchFixture is the largest encoder-built fixture of the swg seed corpora.
func benchFixture(b *testing.B) (string, []byte) {
	b.Helper()
	fx := encoderFixtures(b)
	name, best := "", []byte(nil)
	for n, d := range fx {
		if len(d) > len(best) || len(d) == len(best) && n < name {
			name, best = n, d
		}
	}
	if best == nil {
		b.Skip("no fixture")
	}
	return name, best
}

func BenchmarkWrite(b *testing.B) {
	name, data := benchFixture(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Write(name, data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCompile(b *testing.B) {
	name, data := benchFixture(b)
	txt, err := Write(name, data)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(txt)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, _, err := Compile("b.mif", []byte(txt), Options{NoFiles: true}); err != nil {
			b.Fatal(err)
		}
	}
}
