package mpq

import (
	"bytes"
	"testing"
)

// The worked numbers below are the published constants every MPQ reader shares:
// the two table keys, and the first entries of the crypt table.
func TestCryptConstants(t *testing.T) {
	tests := []struct {
		name      string
		got, want uint32
	}{
		{"cryptTable[0]", cryptTable[0], 0x55C636E2},
		{"cryptTable[1]", cryptTable[1], 0x02BE0170},
		{"hash table key", hashTableKey, 0xC3AF3770},
		{"block table key", blockTableKey, 0xEC83B3A3},
	}
	for _, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("%s = %#08x, want %#08x", tc.name, tc.got, tc.want)
		}
	}
}

func TestHashIgnoresCaseAndSeparator(t *testing.T) {
	for kind := uint32(0); kind < 4; kind++ {
		a := hashString(`Creature\Rabbit\Rabbit.m2`, kind)
		b := hashString(`creature/rabbit/RABBIT.M2`, kind)
		if a != b {
			t.Errorf("kind %d: %#x != %#x", kind, a, b)
		}
	}
}

func TestEncryptDecryptRoundTrip(t *testing.T) {
	plain := []byte("0123456789abcdefXYZ") // 19 bytes: 3 clear tail bytes
	data := append([]byte(nil), plain...)
	encryptBlock(data, 0x12345678)
	if bytes.Equal(data[:16], plain[:16]) {
		t.Fatal("encryption changed nothing")
	}
	if !bytes.Equal(data[16:], plain[16:]) {
		t.Fatal("the tail under 4 bytes must stay clear")
	}
	decryptBlock(data, 0x12345678)
	if !bytes.Equal(data, plain) {
		t.Fatalf("round trip: got %q, want %q", data, plain)
	}
}

func TestFileKey(t *testing.T) {
	if FileKey(`a\b\c.txt`, 0, 0, false) != FileKey("c.txt", 9, 9, false) {
		t.Error("the key must use only the base name")
	}
	base := FileKey("c.txt", 0, 0, false)
	if got, want := FileKey("c.txt", 0x200, 0x1000, true), (base+0x200)^0x1000; got != want {
		t.Errorf("fix key = %#x, want %#x", got, want)
	}
}
