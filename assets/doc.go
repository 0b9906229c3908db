package assets
