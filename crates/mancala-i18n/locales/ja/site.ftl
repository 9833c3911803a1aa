# ページそのものの言葉: ヘッダー、ホームページ、ルーム。表示される画面ごとに
# まとめています。盤の言葉は `board.ftl`、ルールの説明は `rules.ftl`、
# ゲーム名は `games.ftl`、サーバーが断るときの言葉は `errors.ftl` に。
#
# 引数: $who は名前か「あなた」（$you = yes / no で、読む人に向けた文に
# できます）。数は数のまま渡され、言語に合わせて書かれます。
# 用語: 穴、ゴール、石、まく、もう一回、取る、番。

## ヘッダーと全ページ

site-title = マンカラ
site-lead = 石をまいて、取って、自分のゴールをいっぱいに。家族や友だちと遊べるマンカラです。ブラウザーで、無料・登録不要。
site-language = 言語
site-nav = サイト
site-nav-rules = ゲームのルール
site-home = ホーム
site-loading = 読み込み中…
site-noscript = このページには JavaScript が必要です。ターミナルで遊ぶなら何もいりません: mancala play
site-server-unreachable = サーバーに接続できません。接続を確認して、ページを再読み込みしてください。
site-rules-failed = ルールを読み込めませんでした。ページを再読み込みして、もう一度お試しください。
site-custom-rules = カスタムルール
site-you = あなた

## ホームページ

site-default-name = プレイヤー{ $number }
site-your-name = あなたの名前
site-rename = 名前を変更
site-renamed = 保存しました。
site-not-renamed = 名前を変更できませんでした: { $error }
site-play-computer = コンピューターと対戦
site-play-friends = 友だちと遊ぶ
site-rules = ルール
site-preset-note = { $summary }{ $range ->
    [fixed] { $max }人用。
   *[range] { $min }〜{ $max }人用。
}
site-level-label = レベル
site-level-choice = { $end ->
    [easiest] { $level }（いちばんやさしい）
    [strongest] { $level }（いちばん強い）
   *[other] { $level }
}
site-rule-set = ルールセット
site-house-rules = カラハのハウスルール
site-house-rules-note = 反時計回りに、自分のゴールにも石をまきます。最後の石が自分のゴールに入ったらもう一回。最後の石が自分の空の穴に入ったら、対応する穴の石を取ります。2〜4人用: 人数は座った人の数で決まります。
site-houses-label = 穴の数
site-houses-choice = { $houses }（{ $players }人）
site-seeds-label = 石の数
site-seeds-choice = 1つの穴に{ $seeds }個
site-capture-label = 石を取る相手（3〜4人）
site-capture-choice = { $capture ->
    [opposite] 向かいのプレイヤー
    [all] ほかの全員
   *[next] 次のプレイヤー
}
site-rotation = 再戦のたびに先手を交代する
site-turn-label = 1手の持ち時間
site-turn-none = なし
site-turn-seconds = { $seconds }秒
site-rated = レーティング対象（レーティングが変わります）
site-create-room = ルームを作る
site-not-created = ルームを作れませんでした: { $error }
site-join-room = ルームに参加
site-invite-link = 招待リンク
site-join = 参加
site-not-an-invite = 招待リンクではありません（招待リンクは /r/ と32文字の英数字で終わります）。
site-games = ゲームのルール
site-leaderboard = ランキング
site-no-rated-games = レーティング対象の対戦はまだありません。
site-leaderboard-failed = ランキングを読み込めませんでした。
site-player = プレイヤー
site-rating = レーティング
site-games-played = 対戦数
site-rating-value = { $rating } ± { $deviation }

## ルーム: 詳細

site-copy = コピー
site-copied = 招待リンクをコピーしました。
site-copy-by-hand = リンクを選択してコピーしてください（Ctrl+C）。
site-room-summary = ルーム: プレイヤー{ $players }人{ $watching ->
    [0] {""}
   *[other] 、観戦{ $watching }人
}
site-how-to = このルールの遊び方
site-rules-link = { $game }のルール
site-option-players = { $players }人
site-option-houses = 穴{ $houses }個
site-option-seeds = 石{ $seeds }個
site-option-rated = レーティング対象
site-option-casual = フリー対戦
site-option-turn = 1手{ $seconds }秒
site-option-no-clock = 時間制限なし
site-option-rotation = 先手交代あり
site-option-capture = { $capture ->
    [opposite] 向かいのプレイヤー
    [all] ほかの全員
   *[next] 次のプレイヤー
}から取る
site-seats = 席
site-seat-number = 席{ $seat }
site-seat-empty = 空席
site-seat-you = { $name }（あなた）
site-name-and-seat = { $name }（席{ $seat }）
site-no-name = （名前なし）
site-computer-level = コンピューター（レベル{ $level }）
site-sit = ここに座る
site-sit-also = ここにも座る
site-sit-also-title = 1台で交代しながら遊ぶ: この端末で、この席もあなたが操作します
site-tag-host = ホスト
site-tag-away = 離席中
site-tag-takeover = { $name }の代わりにコンピューターが操作中
site-seat-clear = 席を空ける
site-stand = { $seats ->
    [1] 席を立つ
   *[other] 席を立つ（あなたのすべての席）
}
site-level-for-seat = 席{ $seat }のコンピューターのレベル
site-level = レベル{ $level }
site-computer = コンピューター
site-watching = 観戦中: { $names }。
site-you-watch = あなたは観戦中です。
site-reconnecting = 再接続中…
site-cannot-join = このルームに参加できません。ルームが存在しないか、サーバーに接続できません。再試行しています…
site-page-failed = このページで問題が起きました: { $error }

## ルーム: ボタン

site-start = ゲームを始める
site-rematch = 再戦
site-start-needs-all = すべての席が埋まっている必要があります。
site-start-needs = { $min }人以上のプレイヤー（人またはコンピューター）が座る必要があります。
site-wait-start = ホストが始めるのを待っています。
site-wait-rematch = ホストが再戦を始めるのを待っています。
site-resign = 投了
site-resign-confirm = 本当に投了しますか？
site-swap = 列を入れ替える（パイルール）
site-turn-board = 1台で交代しながら遊ぶ: 番のプレイヤーのほうへ盤を回す

## ルーム: 誰の番か、何が起きたか

site-to-move-not-started = ゲームはまだ始まっていません。
site-to-move-over = ゲーム終了。
site-to-move-you = あなたの番です（{ $name }）。
site-to-move-other = { $who }の番です。
site-clock = 持ち時間: { $you ->
    [yes] あなたは
   *[no] { $who }は
}残り{ $seconds }秒です。
site-said-started = ゲームが始まりました。
site-said-started-first = ゲームが始まりました。{ $you ->
    [yes] あなたが先手です。
   *[no] { $who }が先手です。
}
site-said-move = { $who }{ $played ->
    [takeover] （離席中のため、コンピューターが代わりに）
    [timeout] （時間切れのため、コンピューターが代わりに）
    [resigned] （投了したため、コンピューターが代わりに）
   *[self] {""}
}が{ $house }番の穴の石をまきました。
site-said-swap = { $who }{ $played ->
    [takeover] （離席中のため、コンピューターが代わりに）
    [timeout] （時間切れのため、コンピューターが代わりに）
    [resigned] （投了したため、コンピューターが代わりに）
   *[self] {""}
}が列を入れ替えました。
site-said-relays = さらに{ $relays }個の穴から続けてまきました。
site-said-capture = { $you ->
    [yes] あなたは
   *[no] { $who }は
}石を{ $seeds }個取りました。
site-said-tuzdyk = { $you ->
    [yes] あなたの
   *[no] { $who }の
}トゥズディクは{ $cup }になりました。
site-said-child = { $cup }は{ $you ->
    [yes] あなたの子になりました。その石{ $seeds }個はあなたのゴールに入りました。
   *[no] { $who }の子になりました。その石{ $seeds }個は{ $who }のゴールに入りました。
}
site-said-extra-turn = もう一回！{ $you ->
    [yes] あなたの番が続きます。
   *[no] { $who }の番が続きます。
}
site-said-passed = { $who }は選べる手がないため、{ $you ->
    [yes] 番がとばされました。
   *[no] 番がとばされました。
}
site-said-resigned = { $who }が投了しました。
site-cup-nowhere = なし
site-cup-store = { $you ->
    [yes] あなたのゴール
   *[no] { $who }のゴール
}
site-cup-house = { $you ->
    [yes] あなたの{ $house }番の穴
   *[no] { $who }の{ $house }番の穴
}
site-preview = { $house }番の穴: 最後の石は{ $cup }{ $seeds ->
    [0] {""}
   *[other] 、石を{ $seeds }個取る
}{ $again ->
    [yes] 、もう一回
   *[no] {""}
}。
site-preview-child = { $cup }があなたの子になります（石{ $seeds }個があなたのゴールへ）。
site-barred-why = { $house }番の穴はこの手番は動かせません: 相手の直前の手でその1個だけの石が列の端を越えて入ったので、すぐに送り返すことはできません。
site-sow-cw = { $house }番の穴から時計回りにまく
site-sow-ccw = { $house }番の穴から反時計回りにまく
site-sow-way = { $house }番の穴からまく向き
site-house-way-short = { $house } { $dir ->
    [cw] ↻
   *[ccw] ↺
}
site-said-move-way = { $who }{ $played ->
    [takeover] （離席中のため、コンピューターが代わりに）
    [timeout] （時間切れのため、コンピューターが代わりに）
    [resigned] （投了したため、コンピューターが代わりに）
   *[self] {""}
}が{ $house }番の穴の石を{ $dir ->
    [cw] 時計回り
   *[ccw] 反時計回り
}にまきました。
site-preview-way = { $house }番の穴（{ $dir ->
    [cw] 時計回り
   *[ccw] 反時計回り
}）: 最後の石は{ $cup }{ $seeds ->
    [0] {""}
   *[other] 、石を{ $seeds }個取る
}{ $again ->
    [yes] 、もう一回
   *[no] {""}
}。

## ルーム: 手順と結果

site-moves = 手順
site-move = { $who }: { $house }{ $played ->
    [takeover] （コンピューター、離席中）
    [timeout] （コンピューター、時間切れ）
    [resigned] （コンピューター、投了後）
   *[self] {""}
}
site-move-swap = { $who }: 列の入れ替え
site-move-resigned = { $who }が投了
site-move-agreement = 合意によりゲームを終了
site-result-draw = ゲーム終了: 1位で引き分けです。
site-result-win = ゲーム終了: { $you ->
    [yes] あなたの勝ちです！
   *[no] { $who }の勝ちです。
}
site-rank = { $rank }位: { $who }、石{ $seeds }個
site-rating-change = レーティング { $before } → { $after }（{ $change }）
site-ended-by = 終了の理由: { $reason }。
site-end-any-side-empty = 片方の列が空になった
site-end-no-legal-move = 選べる手のないプレイヤーが出た
site-end-majority = 石の過半数を取ったプレイヤーが出た
site-end-empty-first = 自分の穴を先に空にしたプレイヤーが出た
site-end-repetition = 同じ局面がくり返された
site-end-few-seeds = 穴に残った石がわずかになった
site-end-cannot-feed = 相手に石を渡せなくなった
site-end-starved = 石のなくなったプレイヤーが盤上の石を得た
site-end-resignation = 投了
site-end-agreement = 合意
site-end-take-all = 自分の穴に石がひとつも残らないプレイヤーが出た

## プレイヤーのページと対局の再生 (issue 29)
replay-title = { $game }: 再生
replay-room-game = この部屋の第{ $number }局、{ $date }
replay-players = プレイヤー
replay-first = 最初の手
replay-back = 戻る
replay-forward = 進む
replay-last = 最後の手
replay-ply = { $ply ->
    [0] 対局の開始（全{ $plies }手）
   *[other] { $plies }手中{ $ply }手目
}
replay-moves = 手順
replay-start = 対局の開始
replay-round-start = 第{ $round }ラウンドの開始
replay-live = この対局はまだ続いています。新しい手はここに表示されます。
replay-export = この対局を保存:
replay-export-json = プログラム用
replay-export-text = 1行のテキストで
replay-failed = この対局を読み込めませんでした。
replay-link = この対局を再生する
replay-step-back = 振り返る
replay-to-live = 対局に戻る
replay-looking-back = { $plies }手中{ $ply }手目を見ています。
replay-analysis = エンジンの評価
replay-analysis-waiting = 解析はまだ終わっていません。
replay-analysis-failed = 解析できませんでした。
replay-verdict = { $verdict ->
    [best] 最善手
    [inaccuracy] 不正確
    [mistake] 悪手
   *[blunder] 大悪手
}
replay-exact = 確定
replay-estimate = 推定
replay-best = 最善手: { $move }
replay-loss = 石{ $loss }個の損
replay-chart = 各手の後の局面の評価（{ $who }から見て）
replay-chart-loss = 各手で失った石
player-rating = レーティング { $rating } ± { $deviation }
player-rated-games = レーティング対象の対戦 { $games }局
player-chart = レーティング対象の対戦ごとのレーティング
player-chart-empty = レーティング対象の対戦はまだありません。
player-record = 勝ち・引き分け・負け
player-game = ゲーム
player-wins = 勝ち
player-draws = 引き分け
player-losses = 負け
player-record-empty = 終わった対局はまだありません。
player-games = 対局
player-games-none = 対局はまだありません。
player-more = さらに表示
player-result = { $result ->
    [win] 勝ち
    [draw] 引き分け
    [loss] 負け
   *[none] 対局中
}
player-with = 相手: { $names }
player-failed = このプレイヤーのページを読み込めませんでした。
# Play now: the queue that seats strangers together (queue-).
queue-title = 今すぐ対戦
queue-lead = サイトのだれかと対戦します。ほかのプレイヤーが来たらすぐに同じ卓に座ります。
queue-game = ゲーム
queue-game-house = カラハ（ハウスルール）
queue-players = 人数
queue-players-choice = { $players }人
queue-rated = レーティング対象（レーティングが変わります）
queue-play-now = 今すぐ対戦
queue-waiting = 相手を探しています: { $game }、{ $players }人、{ $rated ->
    [yes] レーティング対象
   *[no] フリー対戦
}。
queue-countdown = あと{ $seconds }秒でコンピューターとの対戦を提案します。
queue-offer = まだだれも来ていません。かわりにコンピューター（レベル{ $level }）と対戦しますか？{ $computers ->
    [one] コンピューターがもう一つの席に座ります。
   *[other] コンピューターが残りの{ $computers }席に座ります。
}
queue-accept-computer = コンピューターと対戦
queue-keep-waiting = このまま待つ
queue-leave = 待つのをやめる
queue-counts-title = いまサイトでは
queue-count-line = { $game }: 待っている人 { $waiting } · 対戦中 { $playing }
queue-counts-none = いま待っている人も対戦中の人もいません。
queue-failed = 対戦待ちにつながりません: { $error }
queue-rematch-asked = 再戦を申し込みました。全員がそろうと始まります。
queue-requeue = 新しい相手と対戦

## ラウンド制の対戦 (docs/rules.md 8a): いまのラウンド、各席が勝ったラウンド数。

site-round = 第{ $round }ラウンド
site-rounds-won-seat = { $who } { $won }
site-rounds-won = 勝ったラウンド: { $seats }
# 穴の持ち主が変わったラウンドで盤の下に出す説明（rounds = territory）:
# 相手の列にある自分の穴 $yours 個（▼）、自分の列にある相手の穴
# $theirs 個（▲）。
site-territory-note = このラウンドは穴の持ち主が変わりました。{ $yours ->
    [0] 相手の列にあなたの穴はありません
   *[other] 相手の列にあなたの穴が{ $yours }個あります（▼）
}。{ $theirs ->
    [0] あなたの列に相手の穴はありません。
   *[other] あなたの列に相手の穴が{ $theirs }個あります（▲）。
}
site-said-round = 第{ $round }ラウンドが始まりました。{ $you ->
    [yes] あなたが先手です。
   *[no] { $who }が先手です。
}
