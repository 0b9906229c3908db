//go:build !unix

package vfs_test

import "time"

func processCPU() time.Duration { return 0 }
