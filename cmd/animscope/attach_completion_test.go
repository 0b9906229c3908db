package main

import (
	"strings"
	"testing"
)

// TestAttachCompletion: --attach completes the scene's attachment points as
// NAME= (the item's file follows).
func TestAttachCompletion(t *testing.T) {
	character, _ := attachFiles(t)
	got := strings.Join(completeWords([]string{"render", character, "--attach", "Hand"}), " ")
	if got != "HandRight=" {
		t.Errorf("completions %q, want HandRight=", got)
	}
}
