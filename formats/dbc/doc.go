// Package dbc reads World of Warcraft's client database files (DBFilesClient\*.dbc,
// magic WDBC) and decodes the four tables a character needs: ChrRaces,
// CharSections, CharHairGeosets and CharacterFacialHairStyles.
//
// # The file
//
// A WDBC file is a 20-byte header, the records, then the string block:
//
//	offset 0x00  "WDBC"
//	offset 0x04  uint32 record count
//	offset 0x08  uint32 field count
//	offset 0x0c  uint32 record size (bytes; 4 x field count in every table read here)
//	offset 0x10  uint32 string block size
//	offset 0x14  record count x record size bytes of fixed-size records
//	then         the string block: NUL-terminated strings; a string field holds
//	             the offset of its first byte inside the block (0 is the empty
//	             string, the block starting with a NUL)
//
// Every field the tables use is a little-endian 32-bit value.
//
// Hostile input: Parse checks the header's counts and sizes against the file's
// length (in 64-bit arithmetic) before it touches a record, and keeps the records
// and strings as slices of the data it was given, so it allocates nothing the size
// of what a header claims. A header that claims 2^31 records in a 1 KB file is
// refused with the file and offset 0x4. A string field that points outside the
// block, or to a string without its NUL, is an error naming the file and the
// field's offset.
//
// # The record layouts (where they come from)
//
// The layouts are those the wowdev wiki gives for each table (DB/ChrRaces,
// DB/CharSections, DB/CharHairGeosets, DB/CharacterFacialHairStyles), checked
// against the table definitions of the wow_dbc project (which reads 1.12.1, 2.4.3
// and 3.3.5a files) and against how WoW Model Viewer's character code uses the
// columns. The 3.3.5 (12340) client is the reference; 1.12 and 2.4 are read where
// their layout differs and a count tells them apart:
//
//   - ChrRaces: 69 fields in 2.4 and 3.3.5, 29 in 1.12 (one locale block of 8
//     strings and a flags word where the later clients have 16 and a flags word,
//     three times). The folder name under Character\ (ClientFileString) is field
//     11 in 3.3.5, 12 in 2.4 (which has a float mount scale where 3.3.5 has the
//     base language) and 15 in 1.12. The two 69-field layouts are told apart by
//     which of fields 11 and 12 holds a string in every row (3.3.5 when both or
//     neither do). The name is the first string of the first locale block (enUS).
//   - CharSections: 10 fields of 40 bytes in every version, in two orders: 1.12
//     and 2.4 put variation and colour before the three texture names and the
//     flags (ID, race, sex, section, variation, colour, texture x3, flags); 3.3.5
//     moves them to the end (ID, race, sex, section, texture x3, flags, variation,
//     colour). The order is told by which three fields hold strings in every row
//     (3.3.5 when both or neither do). Section is 0 skin, 1 face, 2 facial hair,
//     3 hair, 4 underwear; what the texture names are per section is in the
//     wowchar package.
//   - CharHairGeosets: 6 fields in every version: ID, race, sex, variation (the
//     hair style), geoset (the group-0 geoset id of that style) and ShowScalp (1
//     for a bald style: the scalp is skin, no hair geoset covers it).
//   - CharacterFacialHairStyles: race, sex, variation, then geoset values: in
//     3.3.5 five of them (8 fields) for the groups 1, 3, 2, 16 and 17 in that
//     order; 2.4 has three unknown fields before the same five (11 fields); 1.12
//     has beard, moustache and sideburn geosets (groups 1, 3, 2) and three more
//     (9 fields). The table has no ID column.
//
// A table with a known name whose field count or record size matches none of
// these is reported (KnownLayout false) and its rows are not decoded.
package dbc
