package msh
