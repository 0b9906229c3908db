package mpq

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestHashTableReadInPlace: the hash table read and decrypted in its entries'
// memory gives the entries decoding its bytes one field at a time gives.
func TestHashTableReadInPlace(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const count = 64
	plain := make([]byte, count*entrySize)
	for i := range plain {
		plain[i] = byte(r.Uint32())
	}
	enc := append([]byte(nil), plain...)
	encryptBlock(enc, hashTableKey)
	file := append(make([]byte, 32), enc...) // the table 32 bytes into the file
	a := &Archive{Name: "t.mpq", r: bytes.NewReader(file), size: int64(len(file))}
	if err := a.readHashTable(0, 32, count); err != nil {
		t.Fatal(err)
	}
	if len(a.hashes) != count {
		t.Fatalf("%d entries, want %d", len(a.hashes), count)
	}
	for i, got := range a.hashes {
		if want := decodeHashEntry(plain[i*entrySize:]); got != want {
			t.Errorf("entry %d = %+v, want %+v", i, got, want)
		}
	}
	if err := a.readHashTable(0, 40, count); err == nil {
		t.Error("a table past the file's end read without error")
	}
}

// TestHashToSeparatorIsNameHashes: the hashes made while a listfile is scanned
// are nameHashes of the name scanned.
func TestHashToSeparatorIsNameHashes(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 2000; i++ {
		b := make([]byte, r.IntN(40))
		for j := range b {
			b[j] = byte(r.IntN(256))
		}
		h, end := hashToSeparator(b)
		want := bytes.IndexAny(b, ";\r\n")
		if want < 0 {
			want = len(b)
		}
		if end != want || h != nameHashes(b[:end]) {
			t.Fatalf("hashToSeparator(%q) = %v, %d; want %v, %d", b, h, end, nameHashes(b[:want]), want)
		}
	}
}
