site-title = मनकला
