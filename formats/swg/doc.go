// Package swg reads Star Wars Galaxies skeletal data as the client reads it:
// skeleton templates (.skt: SLOD with one SKTM per level of detail, or a bare
// SKTM 0001/0002), keyframe animations (.ans: KFAT 0002/0003, CKAT 0001 with
// packed quaternions, PXAT proxies, which are followed), skinned meshes (.mgn:
// SKMG 0002–0004), mesh LOD lists (.lmg) and skeletal appearances (.sat), and
// the shader templates (.sht) the meshes name, for their MAIN textures (.dds).
// Every file is IFF (package iff). FORMAT.md beside this file holds the format
// notes; a "§N" in the comments refers to its sections.
//
// A skeleton fits the shared formula (package anim) with offset = BPTR, post =
// RPST, pre = BPRO·RPRE, q = the animation's delta rotation, s = 1 and
// inverseBind = the bind pose's model-to-joint (§4). The Asset stays in SWG's
// left-handed, +Y-up space; its MirrorX asks the viewer and the glTF export to
// mirror it (§8). Animations and meshes bind to a scene's skeleton by joint
// name, without case; a scene without a skeleton stands on a stand-in (§9.4).
// formats.Options.LOD picks the skeleton's level of detail (the family's
// formats.Traits say it has them), and key thinning is the `--fidelity` reading:
// every key of the file, or the keys the client keeps when it loads it (§6.2). Locomotion is root
// motion and frame messages are markers (§6.3). Files named inside other files
// resolve inside the asset root, or a mounted tree file (§9.3).
//
// The declarative layouts of every form and chunk (layout.go) are shared by the
// decoders' tests, the MIF writer and checker (package mif) and the layout
// tests. The writers that build these files for tests live in package swgtest.
package swg
