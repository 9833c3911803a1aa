# サーバーが断るときの言葉: docs/protocol.md（「Error codes」）のすべての
# コードに `error-<code>`。断った理由の事実が引数になります（$seat はその
# 席のプレイヤーの名前、または「席2」）。

error-unknown = 問題が発生しました（{ $code }）。
error-not-connected = 接続されていません。しばらくしてからもう一度お試しください。
error-internal = サーバーで問題が発生しました。しばらくしてからもう一度お試しください。
error-no-such-room = そのルームはありません。招待リンクを確認してください。
error-unauthorized = この端末のプレイヤーはここでは登録されていません。
error-bad-name = 名前は{ $max }文字までで、改行は使えません。
error-bad-rules = このルールでは遊べません。
error-bad-option = その選択肢はありません。
error-bad-position = その局面はこのルールでは起こりえません。
error-bad-message = サーバーがページからの内容を理解できませんでした。再読み込みしてください。
error-bad-body = サーバーがページからの内容を理解できませんでした。再読み込みしてください。
error-bad-query = サーバーがページからの内容を理解できませんでした。再読み込みしてください。
error-no-such-player = そのプレイヤーはいません。
error-too-large = ページから一度に送られたデータが多すぎます。再読み込みしてください。
error-not-hello = サーバーがページからの内容を理解できませんでした。再読み込みしてください。
error-version = このページはサーバーより古い版です。再読み込みしてください。
error-not-host = それができるのはホストだけです。
error-not-seated = このルームにあなたの席はありません。
error-not-your-seat = その席はあなたの席ではありません。
error-not-your-turn = いまは{ $seat }の番です。
error-no-such-seat = その席はありません。
error-seat-taken = { $seat }: その席はすでに埋まっています。
error-already-seated = あなたはすでにこのルームに座っています。
error-seat-empty = { $seat }が空席です。すべての席が埋まっている必要があります。
error-too-few-players = 座っているのは{ $seated }人です。ここでは{ $min }人以上で遊びます。
error-game-in-progress = ゲームの最中です。終わるまでお待ちください。
error-no-game = 進行中のゲームはありません。
error-bad-move = それは手として認められません。
error-illegal = その手はいまは選べません。
error-forbidden-origin = ほかのサイトのページからはここで遊べません。
error-bad-origin = サーバーの設定に誤りがあります。
error-rate-limited = 操作が多すぎます。少しゆっくり操作してください。
error-flooding = 操作が多すぎるため、接続を切断しました。
error-too-many-requests = このネットワークから新しいプレイヤーやルームが多すぎます。{ $retry_after } 秒後にもう一度お試しください。
error-too-many-connections = このネットワークからの接続が多すぎます。タブを一つ閉じてもう一度お試しください。
error-server-full = サーバーが満員です。しばらくしてからもう一度お試しください。
error-room-moved = このルームは別のサーバーに移りました。再接続しています。
error-bad-cpu = サーバーの設定に誤りがあります。
error-bad-level = コンピューターのレベルは{ $min }〜{ $max }です。
error-bad-turn-seconds = その1手の持ち時間は選べません。

# プレイヤーのページと対局の再生。
error-no-such-game = その対局はありません。
# The queue's refusals (queue-).
error-no-such-queue = そのゲームは今すぐ対戦では選べません。
error-not-queued = そのゲームの対戦を待っていません。
error-not-offered = コンピューターとの対戦は{ $seconds }秒待つと提案されます。
