package viewer
