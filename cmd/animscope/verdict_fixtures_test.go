package main

import "testing"

// verdictFixtures are valid files of the families brokenFixtures lacks.
func verdictFixtures(t *testing.T) []fixture {
	t.Helper()
	return nil
}
