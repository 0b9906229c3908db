package main

import "io"

func runInspect(args []string, stdout, stderr io.Writer) int  { return exitUsage }
func runValidate(args []string, stdout, stderr io.Writer) int { return exitUsage }
func runSample(args []string, stdout, stderr io.Writer) int   { return exitUsage }
func runDiff(args []string, stdout, stderr io.Writer) int     { return exitUsage }
