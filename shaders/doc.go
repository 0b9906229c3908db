package shaders
