package vca
