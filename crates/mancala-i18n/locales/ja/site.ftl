site-title = マンカラ
