package gltf_test

import (
	"encoding/binary"
	"fmt"

	"animscope/assets"
	"animscope/formats"
	_ "animscope/formats/all" // every decoder registers itself
	"animscope/formats/gltf"
)

// Export a scene as glTF 2.0: Export builds the document (an armature root, one
// node per skeleton node, the skin, the meshes, one animation per clip, in
// glTF's right-handed Y-up space) and EncodeBytes gives the binary .glb
// (WriteFile writes one atomically). Here the built-in demo, an MSH model.
func ExampleExport() {
	a, err := formats.OpenData("demo.msh", assets.DemoMSH, formats.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	doc, err := gltf.Export(a, gltf.ExportOptions{Name: "demo"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d nodes (the first %q, then %q), %d skin, %d meshes\n",
		len(doc.Nodes), doc.Nodes[0].Name, doc.Nodes[1].Name, len(doc.Skins), len(doc.Meshes))
	for _, an := range doc.Animations {
		fmt.Printf("animation %q: %d channels\n", an.Name, len(an.Channels))
	}

	glb, err := gltf.EncodeBytes(doc)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("a .glb: magic %q, version %d, length in its header = its size: %v\n",
		glb[:4], binary.LittleEndian.Uint32(glb[4:8]), int(binary.LittleEndian.Uint32(glb[8:12])) == len(glb))
	fmt.Println("glTF version", doc.Asset.Version)
	// Output:
	// 37 nodes (the first "demo", then "pelvis"), 1 skin, 17 meshes
	// animation "demo": 53 channels
	// a .glb: magic "glTF", version 2, length in its header = its size: true
	// glTF version 2.0
}
