package texture

import (
	"fmt"
	"io"
	"os"

	"animscope/formats"
	"animscope/formats/nres"
)

// readNResMember reads a member of an NRes archive (Parkan's .lib and .rlb
// files, which hold the MSH models' Texm textures), found by name
// case-insensitively as the engine finds it; ok is false for any other name
// (formats.ReadMember reads it). NRes is not a mounted tree kind (its models are
// opened by the MSH decoder), so its members are read here.
func readNResMember(name string) ([]byte, bool, error) {
	arch := formats.ArchiveOf(name)
	if arch == "" || !isNRes(arch) {
		return nil, false, nil
	}
	member := name[len(arch)+1:]
	data, err := formats.ReadFile(arch)
	if err != nil {
		return nil, true, err
	}
	a, err := nres.Decode(arch, data)
	if err != nil {
		return nil, true, err
	}
	i := a.Find(member)
	if i < 0 {
		return nil, true, fmt.Errorf("%s: the archive has no member %q", arch, member)
	}
	return a.Entries[i].Data, true, nil
}

// isNRes says whether path is a regular file that starts with NRes's magic.
func isNRes(path string) bool {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return false
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var head [4]byte
	_, err = io.ReadFull(f, head[:])
	return err == nil && string(head[:]) == nres.Magic
}
