// Package tretest writes small SWG tree files (.tre) for tests and fuzz seeds.
package tretest

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"

	"animscope/formats/tre"
)

// File is one member; Zlib stores it compressed.
type File struct {
	Name string
	Data []byte
	Zlib bool
}

// Options shape the file.
type Options struct {
	Version   string // "4000" or "5000" (default)
	ZlibTable bool   // compress the table of contents
	ZlibNames bool   // compress the name block
}

func deflate(b []byte) []byte {
	var out bytes.Buffer
	w := zlib.NewWriter(&out)
	w.Write(b)
	w.Close()
	return out.Bytes()
}

// Build writes a tree file holding files.
func Build(files []File, opt Options) []byte {
	if opt.Version == "" {
		opt.Version = "5000"
	}
	le := binary.LittleEndian
	body := make([]byte, tre.HeaderSize)
	toc := make([]byte, len(files)*tre.EntrySize)
	var names []byte
	for i, f := range files {
		stored, comp := f.Data, uint32(tre.CompNone)
		if f.Zlib {
			stored, comp = deflate(f.Data), tre.CompZlib
		}
		e := toc[i*tre.EntrySize:]
		le.PutUint32(e, crc32.ChecksumIEEE([]byte(f.Name)))
		le.PutUint32(e[4:], uint32(len(f.Data)))
		le.PutUint32(e[8:], uint32(len(body)))
		le.PutUint32(e[12:], comp)
		le.PutUint32(e[16:], uint32(len(stored)))
		le.PutUint32(e[20:], uint32(len(names)))
		names = append(append(names, f.Name...), 0)
		body = append(body, stored...)
	}
	tocOff := len(body)
	tocStored, tocComp := toc, uint32(tre.CompNone)
	if opt.ZlibTable {
		tocStored, tocComp = deflate(toc), tre.CompZlib
	}
	nameStored, nameComp := names, uint32(tre.CompNone)
	if opt.ZlibNames {
		nameStored, nameComp = deflate(names), tre.CompZlib
	}
	body = append(append(body, tocStored...), nameStored...)
	h := body[:tre.HeaderSize]
	copy(h, tre.Magic)
	copy(h[4:], opt.Version)
	le.PutUint32(h[8:], uint32(len(files)))
	le.PutUint32(h[12:], uint32(tocOff))
	le.PutUint32(h[16:], tocComp)
	le.PutUint32(h[20:], uint32(len(tocStored)))
	le.PutUint32(h[24:], nameComp)
	le.PutUint32(h[28:], uint32(len(nameStored)))
	le.PutUint32(h[32:], uint32(len(names)))
	return body
}
