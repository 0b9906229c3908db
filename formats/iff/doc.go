package iff
