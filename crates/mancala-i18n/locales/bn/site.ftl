site-title = মানকালা
