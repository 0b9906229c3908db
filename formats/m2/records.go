package m2

import "fmt"

// recordArrays checks the arrays inside the records that animscope does not
// otherwise read (the header's arrays, FORMAT.md §3; colours' RGB, texture animations, attachments,
// events, lights, cameras, ribbons, particles): every array the header points to,
// used or not, must lie inside the file, so that a truncated model (an
// ElwynnCampfire.m2 without its particle data) is rejected, not opened.
//
// Before 264 a track is 28 bytes (u16 interpolation, i16 global sequence, ranges,
// timestamps, values); at 264 it is 20 bytes whose two arrays hold one inner array
// per sequence, checked against the file that holds that sequence's keys (the .m2,
// or its .anim when one was read). Of a particle emitter at 264 only the part its
// layout shares with older versions is checked (names and the first ten tracks).
func (d *decoder) recordArrays(lay *layout) error {
	type track struct {
		at    int // offset in the record
		vsize int // bytes of one key value (0: a track without values, an event)
	}
	pre := d.pre
	ts := lay.trackSize
	tr := func(first int, sizes ...int) []track {
		out := make([]track, len(sizes))
		for k, s := range sizes {
			out[k] = track{first + k*ts, s}
		}
		return out
	}
	type record struct {
		what   string
		field  int64
		size   int
		arrays []struct {
			at, elem int
			what     string
		}
		tracks []track
	}
	names := func(at ...int) []struct {
		at, elem int
		what     string
	} {
		var out []struct {
			at, elem int
			what     string
		}
		for k, a := range at {
			out = append(out, struct {
				at, elem int
				what     string
			}{a, 1, fmt.Sprintf("array %d", k)})
		}
		return out
	}
	// Camera: spline tracks of position (C3 triples), target (C3 triples), roll
	// (f32 triples) and, from 271, the field of view (f32 triples).
	c := lay.cameraTracks()
	cams := []track{{c, 36}, {c + ts + 12, 36}, {c + 2*ts + 24, 12}}
	if lay.cameraSize == 116 {
		cams = append(cams, track{c + 3*ts + 24, 12})
	}
	records := []record{
		{what: "colour", field: lay.colors, size: lay.colorSize, tracks: tr(0, 12)},
		{what: "texture animation", field: lay.texAnims, size: lay.texAnimSize, tracks: tr(0, 12, 16, 12)},
		{what: "attachment", field: lay.attachments, size: lay.attachSize, tracks: tr(20, 1)},
		{what: "event", field: lay.events, size: lay.eventSize, tracks: tr(24, 0)},
		{what: "light", field: lay.lights, size: lay.lightSize, tracks: tr(16, 12, 4, 12, 4, 4, 4, 1)},
		{what: "camera", field: lay.cameras, size: lay.cameraSize, tracks: cams},
	}
	// Ribbon (220 B, 176 B at 264): textures and render flags, four tracks from
	// 36, three floats and two u16, then the texture-slot and visibility tracks.
	slot := 36 + 4*ts + 16
	records = append(records, record{what: "ribbon emitter", field: lay.ribbons, size: lay.ribbonSize, arrays: names(20, 28),
		tracks: append(tr(36, 12, 2, 4, 4), track{slot, 2}, track{slot + ts, 1})})
	// Particle: two model names at 24 and 32 and ten f32 tracks from 52 in every
	// version (263 only narrows two fields before them); before 264 (504 B) also
	// the "enabled" track at 476. The rest of the 264 record (fake tracks and
	// plain numbers) is not checked.
	particle := record{what: "particle emitter", field: lay.particles, size: lay.partSize, arrays: names(24, 32),
		tracks: tr(52, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4)}
	if pre {
		particle.tracks = append(particle.tracks, track{476, 1})
	} else {
		// From 264 a f32 variation follows the lifespan and the emission-rate
		// tracks (M2Lib's LifespanVary, EmissionRateVary): the last four tracks
		// sit 4 and 8 bytes further on.
		for k := 6; k < 10; k++ {
			particle.tracks[k].at += 4
			if k > 6 {
				particle.tracks[k].at += 4
			}
		}
		// The "enabled" track closes the 476-byte record (272 appends 16 bytes
		// of multi-texture parameters after it).
		particle.tracks = append(particle.tracks, track{456, 1})
	}
	records = append(records, particle)
	b := &d.m2
	for _, r := range records {
		a, err := b.arr(r.field, r.what+"s", r.size)
		if err != nil {
			return err
		}
		for i := 0; i < int(a.count); i++ {
			base := int64(a.at(i))
			for _, x := range r.arrays {
				if _, err := b.arr(base+int64(x.at), fmt.Sprintf("%s %d %s", r.what, i, x.what), x.elem); err != nil {
					return err
				}
			}
			for k, t := range r.tracks {
				if err := d.trackArrays(base+int64(t.at), fmt.Sprintf("%s %d track %d", r.what, i, k), t.vsize); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// trackArrays checks that the arrays of the track record at off lie inside their
// files, without reading the keys.
func (d *decoder) trackArrays(off int64, what string, vsize int) error {
	b := &d.m2
	if d.pre {
		if err := b.need(off, 28, what); err != nil {
			return err
		}
		if _, err := b.arr(off+4, what+" interpolation ranges", 8); err != nil {
			return err
		}
		if _, err := b.arr(off+12, what+" timestamps", 4); err != nil {
			return err
		}
		if vsize > 0 {
			if _, err := b.arr(off+20, what+" values", vsize); err != nil {
				return err
			}
		}
		return nil
	}
	n := 2
	if vsize == 0 {
		n = 1 // an event: timestamps only
	}
	if err := b.need(off, 4+8*n, what); err != nil {
		return err
	}
	for k := 0; k < n; k++ {
		field := off + 4 + int64(8*k)
		elem, part := 4, "timestamps"
		if k == 1 {
			elem, part = vsize, "values"
		}
		outer, err := b.arr(field, what+" "+part, 8)
		if err != nil {
			return err
		}
		// Every record's outer array may alias one long run of inner arrays:
		// without the budget, a file of records × outer entries checks takes
		// quadratic time (a 200 KB file of events sharing one array: 40 s).
		if err := d.spend(b, field, uint64(outer.count), what+" per-sequence "+part); err != nil {
			return err
		}
		for s := 0; s < int(outer.count); s++ {
			target := b
			if s < len(d.seqBlob) {
				if d.seqBlob[s] == nil {
					continue // keys nowhere (an alias, or an .anim that was not read)
				}
				target = d.seqBlob[s]
			}
			at := int64(outer.at(s))
			if count := b.u32(int(at)); count == 0 || target.holds(count, b.u32(int(at)+4), elem) {
				continue // what arrIn accepts, without formatting a name (the common case)
			}
			if _, err := b.arrIn(at, target, fmt.Sprintf("%s %s of sequence %d", what, part, s), elem); err != nil {
				return err
			}
		}
	}
	return nil
}
