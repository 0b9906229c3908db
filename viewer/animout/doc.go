// Package animout turns a clip into pictures: it plans which clip times a
// sequence of frames shows (the --frames FROM:TO[:STEP] range, the output's
// frame rate, a turntable's camera turn per frame, a GIF's frame delays) and
// writes the frames it is handed as an animated GIF, a numbered PNG sequence or
// a video through ffmpeg. It draws nothing itself (the frames come from the GL
// side, viewer/gui), so the command line's checks run in a build without GL.
//
// Timing. A range is half-open, [FROM, TO) in the clip's unit: the picture at TO
// of a looping clip would repeat the first one. Without a STEP the frames are
// the clip sampled FPS times a second of clip time (FPS defaults to the clip's
// frame rate, 30 without one), and the sequence plays in real time: it lasts
// exactly (TO−FROM) of clip time, its last frame shown only for what is left.
// With a STEP the frames lie STEP apart; they play in real time too unless an
// FPS is given, which then shows each frame 1/FPS s.
//
// GIF delays are whole centiseconds. Rounding each frame's delay alone would
// drift (30 fps is 3.33 cs a frame: 30 delays of 3 cs play a one-second clip in
// 0.9 s), so each frame's start is rounded instead and a delay is the
// difference of two rounded starts: the delays add up to the sequence's
// duration rounded to the centisecond, and no frame is off by more than half a
// centisecond from where it should start.
//
// GIF colours. One palette for the whole animation, cut from every frame's
// colours by median cut, and each pixel mapped to its box's colour without
// dithering. A fixed palette (Plan 9's) with Floyd–Steinberg dithering was
// the other choice: its noise differs from frame to frame (the shading of a
// still part seems to crawl) and compresses badly under LZW, while the
// pictures here are a flat background and a few smoothly shaded materials,
// which 256 chosen colours cover well. A per-frame palette would let colours
// jump between frames.
package animout
