package nres
