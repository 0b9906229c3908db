package gltf
