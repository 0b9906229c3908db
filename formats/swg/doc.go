package swg
