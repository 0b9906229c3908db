package swg

// Internals that the external tests (package swg_test) read. Those tests sit
// outside the package because they build their inputs with swgtest, which
// imports swg.

var (
	NegQuat         = negQuat
	ClientMul       = clientMul
	Winding         = winding
	MirrorTriangles = mirrorTriangles
	BindPose        = bindPose
)

// SkeletonDetails is inspect's view of a .skt (the Details of SkeletonAsset).
type SkeletonDetails = skeletonDetails

// ClientRotFrames prepares a for the client fidelity and returns the key frames
// of XFIN xform's rotation track after the load-time conversion.
func ClientRotFrames(a *Animation, xform int) []float32 {
	d := prepare(a, FidelityClient)
	return d.rot[d.src[xform].rotTrack].frames
}
