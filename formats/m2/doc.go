package m2
