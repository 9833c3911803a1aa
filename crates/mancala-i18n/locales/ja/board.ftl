# 盤の言葉: 穴とゴールの名前（スクリーンリーダーが読み上げる）。
# $who は持ち主の名前、または「あなた」（$you = yes か no）。
# 用語: 穴、ゴール、石。

board-label = ボード
board-house = { $you ->
    [yes] あなたの{ $house }番の穴
   *[no] { $who }の{ $house }番の穴
}、{ $seeds ->
    [0] 石なし
   *[other] 石{ $seeds }個
}
board-house-tuzdyk = { $house }、{ $you ->
    [yes] あなたの
   *[no] { $who }の
}トゥズディク
board-house-child = { $house }、{ $you ->
    [yes] あなたの
   *[no] { $who }の
}子の穴
board-house-burnt = { $you ->
    [yes] あなたの{ $house }番の穴
   *[no] { $who }の{ $house }番の穴
}、焼けた穴: このラウンドは使えません
board-house-barred = { $house }、この手番は動かせません
board-barred-why = この手番は動かせません: 相手の直前の手で、この穴の1個だけの石が列の端を越えて入ったので、すぐに送り返すことはできません。
# このラウンドで相手の列にある自分の穴（rounds = territory）:
# $who/$you は持ち主、$house は持ち主の穴としての番号、
# $row/$row_you はその列の持ち主。
board-house-owned = { $you ->
    [yes] あなたの{ $house }番の穴
   *[no] { $who }の{ $house }番の穴
}（{ $row_you ->
    [yes] あなたの列
   *[no] { $row }の列
}にある）、{ $seeds ->
    [0] 石なし
   *[other] 石{ $seeds }個
}
board-store = { $you ->
    [yes] あなたのゴール
   *[no] { $who }のゴール
}、{ $seeds ->
    [0] 石なし
   *[other] 石{ $seeds }個
}

## ヘッダーの音のスイッチ（押された状態で音が鳴る）

board-sound = 音
