# ルールの説明: `RuleSet::explain` のメッセージ（各引数の意味は英語の
# rules.ftl のコメントを参照）。用語: 穴、ゴール、石、まく、もう一回、取る。
# 段落は文をそのままつなぎます（区切りなし）。

## 項目の見出し

rules-topic-board = 盤
rules-topic-sowing = 石のまき方
rules-topic-relay = 続けてまく
rules-topic-extra-turns = もう一回
rules-topic-captures = 石を取る
rules-topic-sow-captures = まく途中で取る
rules-topic-tuzdyk = トゥズディク
rules-topic-children = 子
rules-topic-grand-slam = グランドスラム
rules-topic-feeding = 相手に石を渡す
rules-topic-no-move = 選べる手がないとき
rules-topic-pie-rule = パイルール
rules-topic-end = 終わり
rules-topic-scoring = 得点
rules-topic-rounds = ラウンド

## 盤

rules-board = { $players }人のプレイヤーはそれぞれ穴を{ $houses }個持ち、各穴に石が{ $seeds }個ずつ入っています（石は全部で{ $total }個）。自分から見て{ $store_side ->
        [left] 左
       *[right] 右
    }端にゴールがあります。
rules-board-layout = { $players }人のプレイヤーはそれぞれ穴を{ $houses }個持ち、自分から見て{ $store_side ->
        [left] 左
       *[right] 右
    }端にゴールがあります。最初、各プレイヤーの穴には1番目の穴から順に石が{ $layout }個入っています（石は全部で{ $total }個）。
# layout_seed ($seed) からランダムに配られる最初の配置。
rules-board-dealt = { $players }人のプレイヤーはそれぞれ穴を{ $houses }個持ち、自分から見て{ $store_side ->
        [left] 左
       *[right] 右
    }端にゴールがあります。最初に石{ $total }個をランダムに配り、どの穴にも少なくとも{ $least }個入れます（配り番号{ $seed }）。そのため穴ごとに、また側ごとに石の数が異なります。
rules-board-dealt-each-game = { $players }人のプレイヤーはそれぞれ穴を{ $houses }個持ち、自分から見て{ $store_side ->
        [left] 左
       *[right] 右
    }端にゴールがあります。最初に石{ $total }個をランダムに配り、どの穴にも少なくとも{ $least }個入れます（対局ごとに配り直します）。そのため穴ごとに、また側ごとに石の数が異なります。
rules-layout-next = { $count }、{ $rest }
rules-layout-last = { $count }
rules-board-turns = プレイヤーは盤を囲んで座り、{ $turns ->
        [cw] 時計回り
       *[ccw] 反時計回り
    }に順番が回ります。

## 石のまき方

rules-sowing-pick = 自分の番には、{ $min_seeds ->
        [1] 石の入っている
       *[other] 石が{ $min_seeds }個以上入っている
    }自分の穴を1つ選び、その石をすべて取り出します。
rules-sowing-sow = その石を{ $direction ->
        [ccw] 反時計回りに
        [cw] 時計回りに
        [split] 自分の列の近い端に向かって（列の左半分の穴からは時計回りに、右半分の穴からは反時計回りに）
        [chosen] 自分で選んだ向き（時計回りか反時計回り）に
        [opposed] 先手なら反時計回りに、後手なら時計回りに
       *[parity] 取り出した石が奇数個なら時計回りに、偶数個なら反時計回りに
    }、次の穴から1個ずつまきます。{ $stores ->
        [none] ゴールは飛ばします（ゴールには取った石だけを置きます）
        [own] 自分のゴールには入れますが、{ $players ->
            [2] 相手
           *[other] ほかのプレイヤー
        }のゴールは飛ばします
       *[all] 途中のゴールにはすべて入れます
    }。
rules-sowing-choice = { $houses } 番の穴からまくときは、向き（時計回りか反時計回り）を自分で選びます。
rules-sowing-origin = { $origin ->
        [include] 一周したときは、空にした穴にも1個入れます。
        [skip] 一周したときは、石を取り出した穴を飛ばします。
        [first] 最初の1個は空にした穴に戻し、残りをその次の穴から入れます。
       *[first_unless_single] 最初の1個は空にした穴に戻し、残りをその次の穴から入れます。ただし石が1個だけのときは次の穴に入れます。
    }
# reach_opponent; $houses: the houses of a side.
rules-sowing-reach = 石が{ $houses }個以下の穴は、まいた石が相手の側かゴールに届くか、自分の空の穴で終わるときだけ選べます。続けてまくときは最初の一周で判断します。
# single_to_empty.
rules-sowing-single-to-empty = 石が1個だけの穴は、その石が空の穴かゴールに入るときだけ選べます。
rules-sowing-capacity = 石が{ $count }個以上ある穴は満杯です。まくときはその穴を飛ばし、石は次の穴かゴールに入ります。
rules-sowing-first-move-last = ゲームの最初の手は、先手のゴールのすぐ手前の穴（{ $house }番の穴）から打ちます。
rules-sowing-no-undo = 1回の手で列の端を越えて相手の空の穴に入った1個だけの石は、その相手が次の手ですぐに送り返すことはできません。
rules-sowing-no-sides = どちらのプレイヤーも、盤のどちらの列の穴からでもまくことができます。相手の n 番の穴は { $houses } + n 番の穴として指します。

## 続けてまく

rules-relay-last = 最後の石が、もともと石の入っていた穴に入ったら、その最後の石も含めてその穴の石をすべて取り出し、次の穴からまき続けます。
rules-relay-last-ends = 最後の石が{ $ends ->
        [house] 空の穴
       *[house_or_store] 空の穴かゴール
    }に入ったら、その手は終わりです。
rules-relay-next = 石をまき終えたとき、その次が石の入った穴なら、その石を取り出して、その穴の次からまき続けます。
rules-relay-next-ends = その次が{ $ends ->
        [house] 空の穴
       *[house_or_store] 空の穴かゴール
    }なら、その手は終わりです。
rules-relay-on = { $relay_on ->
        [own] こうして取り出せるのは自分の穴だけです。ほかの列で止まったら、その手は終わりです。
       *[opponent] こうして取り出せるのは{ $players ->
            [2] 相手
           *[other] ほかのプレイヤー
        }の穴だけです。自分の列で止まったら、その手は終わりです。
    }
# $relay: last or next; $counts: relay_counts.
rules-relay-counts = { $relay ->
        [next] その穴の石が{ $counts }のときだけ取り出します。ほかの数なら手番は終わります。
       *[last] 最後の石も含めてその穴の石が{ $counts }のときだけ取り出します。ほかの数なら手番はそこで終わります。
    }
rules-relay-store = ただし、その次が自分のゴールで石が入っていれば、ゴールの石を取り出して、その次からまき続けます。
rules-relay-capture-ends = ただし、石を取れる最後の石（「石を取る」を参照）は取り出さず、そこで石を取ってその手を終えます。
rules-relay-lap-capture-relay = 穴から石を取り出す前に、そこに落ちた最後の石は、手の最後の石と同じように石を取ります（「石を取る」を参照）。そのあと、その穴からまき続けます。
rules-relay-lap-capture-next = 一周の最後の石が石を取れるとき（「石を取る」を参照）はそこで石を取り、その次の穴の石を取り出してまき続けます。その穴が空かゴールなら、手は終わります。
rules-relay-legs = 取り出した石も同じルールでまきます。そのときは、いま取り出した穴を空にした穴とします。
rules-relay-limit = 1手で取り出せるのは{ $limit }回までです。それを超えるところでその手はすぐに終わり、石も取らず、もう一回もありません。

## もう一回

rules-extra-turn = { $when ->
        [own_store] 最後の石が自分のゴールに入ったら、もう一回まけます。
        [any_store] 最後の石がどれかのゴールに入ったら、もう一回まけます。
        [capture] 最後の石で石を取ったら、もう一回まけます。
        [own_store_or_capture] 最後の石が自分のゴールに入るか、最後の石で石を取ったら、もう一回まけます。
       *[any_store_or_capture] 最後の石がどれかのゴールに入るか、最後の石で石を取ったら、もう一回まけます。
    }
rules-extra-turn-not-first = ただし、ゲームの最初の1手では、もう一回はありません。

## 石を取る

rules-capture-none = 最後の石では何も取りません。
rules-capture-never = 石を取ることはありません。
rules-capture-children = 石を取るのは、最後の石が子を作るときだけです（「子」の項を参照）。その穴の石は自分のゴールに入ります。
rules-capture-wegs = 石を取るのは、自分の最後の石が相手のウェグに入ったときだけです（「子」の項を参照）。その石を2個自分のゴールに入れます。ウェグが空だったときは、その1個だけです。
rules-capture-opposite = { $target ->
        [opposite] 最後の石が自分の空の穴に入り、向かいの穴に石があれば、その石と最後の石を取って自分のゴールに入れます。
        [across] 最後の石が自分の空の穴に入り、盤の向かい側のプレイヤーの対応する穴（自分のゴールの隣の穴が相手の{ 1 }番の穴と対応し、以下同様）に石があれば、その石と最後の石を取って自分のゴールに入れます。
        [next] 最後の石が自分の空の穴に入り、{ $turns ->
            [cw] 時計回り
           *[ccw] 反時計回り
        }で次のプレイヤーの対応する穴（自分のゴールの隣の穴が相手の{ 1 }番の穴と対応し、以下同様）に石があれば、その石と最後の石を取って自分のゴールに入れます。
       *[all] 最後の石が自分の空の穴に入り、ほかの全員の対応する穴（自分のゴールの隣の穴が相手の{ 1 }番の穴と対応し、以下同様）に石があれば、それらの石と最後の石を取って自分のゴールに入れます。
    }
# rules-capture-opposite と同じく、ただし最後の石が穴に残る場合
# （capture_leaves_seed）。
rules-capture-opposite-leave = { $target ->
        [opposite] 最後の石が自分の空の穴に入り、向かいの穴に石があれば、その石を取って自分のゴールに入れます。最後の石はその穴に残ります。
        [across] 最後の石が自分の空の穴に入り、盤の向かい側のプレイヤーの対応する穴（自分のゴールの隣の穴が相手の{ 1 }番の穴と対応し、以下同様）に石があれば、その石を取って自分のゴールに入れます。最後の石はその穴に残ります。
        [next] 最後の石が自分の空の穴に入り、{ $turns ->
            [cw] 時計回り
           *[ccw] 反時計回り
        }で次のプレイヤーの対応する穴（自分のゴールの隣の穴が相手の{ 1 }番の穴と対応し、以下同様）に石があれば、その石を取って自分のゴールに入れます。最後の石はその穴に残ります。
       *[all] 最後の石が自分の空の穴に入り、ほかの全員の対応する穴（自分のゴールの隣の穴が相手の{ 1 }番の穴と対応し、以下同様）に石があれば、それらの石を取って自分のゴールに入れます。最後の石はその穴に残ります。
    }
rules-capture-opposite-empty = { $target ->
        [opposite] 向かいの穴が空なら
        [across] その穴が空なら
        [next] その穴が空なら
       *[all] それらの穴がすべて空なら
    }、{ $empty ->
        [nothing] 何も取りません
       *[last_seed] 最後の石だけを自分のゴールに入れます
    }。
rules-capture-opposite-across = { $side ->
        [own] 相手の側に落ちた最後の石だけが石を取ります。相手の空の穴に落ち、その向かいの自分の穴に石があれば
       *[any] 相手の側に落ちた最後の石も石を取ります。相手の空の穴に落ち、その向かいの自分の穴に石があれば
    }、{ $leave ->
        [yes] その穴の石を自分のゴールに入れます。最後の石は落ちた穴に残ります。
       *[no] その穴の石を最後の石といっしょに自分のゴールに入れます。
    }
rules-capture-first-moves = ゲームの最初の{ $moves }手では石を取りません。
rules-capture-single-seed = 石が1個だけの穴から始めた手では、最後の石で石を取れません。
# $kind: first_seed or single_opposite (`capture_before_sowing`).
rules-capture-before-sowing = { $kind ->
        [first_seed] 穴の石を持ち上げるたびに(打つ穴も、続けるために持ち上げる穴も)、最初の1個は残りをまく前に自分のゴールに入ります。
       *[single_opposite] 石を1個だけ持ち上げたときは、まず持ち上げた穴の向かいの穴の石が自分のゴールに入り、それからその石をまきます。
    }
rules-capture-opponent-store = 最後の石が相手のゴールに入り、もう1手にならなかったときは、そのゴールの石をすべて自分のゴールに入れます。
rules-capture-pass-store = 最後の石が相手の空の穴に入り、自分のゴールに石があれば、その石はすべて相手のゴールに移り、ほかには何も取りません。
rules-capture-count = 最後の石で{ $side ->
        [opponent] 相手の列の
        [own] 自分の列の
       *[any] どちらかの列の
    }穴の石が{ $counts }になったら、その穴の石を取って自分のゴールに入れます。
rules-capture-count-chain = 続けてその前の穴を1つずつさかのぼり、{ $side ->
        [opponent] 相手の列で
        [own] 自分の列で
       *[any] どちらの列でも
    }石が{ $counts }の穴も取り、そうでない穴で止まります。
# $side: opponent, own or any (the house the last seed lands in).
rules-capture-match = 最後の石が{ $side ->
        [opponent] 相手の列の
        [own] 自分の列の
        [others] ほかのプレイヤーの列の
       *[any] どちらかの列の
    }穴に入り、その穴の石が向かいの穴と同じ数になったら、両方の穴の石を取ります。
rules-capture-next = 最後の石が穴に入ったら、その次の穴（ゴールは飛ばします）{ $side ->
        [opponent] が相手の列にあって石が入っていれば
        [others] がほかのプレイヤーの列にあって石が入っていれば
        [own] が自分の列にあって石が入っていれば
       *[any] に石が入っていれば
    }、その石を取ります。
rules-capture-gap = 最後の石が穴に入り、その次の穴が空で、さらにその次の穴{ $side ->
        [opponent] が相手の列にあって石が入っていれば
        [others] がほかのプレイヤーの列にあって石が入っていれば
        [own] が自分の列にあって石が入っていれば
       *[any] に石が入っていれば
    }、{ $take ->
        [beyond] その穴の石
       *[beyond_and_opposite] その穴の石とその向かいの穴の石
    }を取ります（ゴールは飛ばして数えます）。
rules-capture-gap-chain = 空の穴の次に{ $side ->
        [opponent] 相手の列の石の入った穴
        [others] ほかのプレイヤーの列の石の入った穴
        [own] 自分の列の石の入った穴
       *[any] 石の入った穴
    }が続くかぎり、さらに取り続けます。
rules-capture-gap-occupied = 空の穴を越えて取れるのは、最後の石がすでに石の入った穴に落ちたときだけです。
# $limit: 1回の連続取りで取れる穴の最大数（chain_limit）。
rules-capture-chain-limit = 1回の取りで取れる穴は、最初の穴を含めて{ $limit }つまでです。

## 石の数

rules-counts-one = { $count }個
rules-counts-list = { $counts }個
rules-counts-kind = { $kind ->
        [any] 1個以上
        [even] 偶数個
       *[odd] 奇数個
    }
rules-counts-range = { $kind ->
        [any] { $from }個から{ $to }個まで
        [even] { $from }個から{ $to }個までの偶数個
       *[odd] { $from }個から{ $to }個までの奇数個
    }
rules-counts-none = どの個数でもない数

## まく途中で取る

rules-sow-capture = まいている途中で、その手の最後の石を除き、穴の石を{ $counts }にした石は、その穴がどちらの列にあっても、その穴の石をすぐに{ $store ->
        [owner] その穴の持ち主のゴール
        [sower_own] 自分のゴール（自分の穴の場合だけ。ほかの人の穴はそのまま）
       *[sower] 自分のゴール
    }に移します。
# rules-sow-capture と同じく、最後の石も含める（sow_capture_last）。
rules-sow-capture-last = まいている途中で、その手の最後の石も含め、穴の石を{ $counts }にした石は、その穴がどちらの列にあっても、その穴の石をすぐに{ $store ->
        [owner] その穴の持ち主のゴール
        [sower_own] 自分のゴール（自分の穴の場合だけ。ほかの人の穴はそのまま）
       *[sower] 自分のゴール
    }に移します。

## トゥズディク

rules-tuzdyk = ゲーム中に一度だけ、最後の石で相手の穴の石がちょうど{ $count }個になったら、その穴は自分のトゥズディクになります。ただし、相手の{ $house }番の穴と、相手のトゥズディクになっている自分の穴と同じ番号の穴は除きます。
rules-tuzdyk-across = ゲーム中に一度だけ、最後の石で相手の穴の石がちょうど{ $count }個になったら、その穴は自分のトゥズディクになります。ただし、相手の{ $house }番の穴と、相手のトゥズディクになっている自分の穴の真向かいの穴は除きます。
rules-tuzdyk-store = その石は自分のゴールに入り、それ以降その穴にまかれた石もすべて自分のゴールに入ります。

rules-children = 最後の石で相手の穴の石がちょうど{ $count }個になったら、その穴は自分の「子」になります（何度でも）。その石は自分のゴールに入り、それ以降その穴にまかれた石もすべて自分のゴールに入ります。子の穴からは誰も石をまきません。子ができると、リレーのまき途中でも手番は終わります。最後の石が子の穴に入ったときも同じです。
rules-children-skip = 自分がまく石は相手の子の穴を飛ばします。
rules-children-weg = 最後の石でどちらかの側の穴の石がちょうど{ $count }個になったら、その穴は自分の「ウェグ」になります（何度でも）。ウェグは石をためたままで、まかれた石もそこに残り、ウェグの穴からは誰も石をまきません。ウェグができると、リレーのまき途中でも手番は終わります。最後の石がウェグに入ったときも同じです。対局が終わると、各ウェグの石はその持ち主のゴールに入ります。

## グランドスラム

rules-grand-slam = 取ると相手の列の石がすべてなくなる手（グランドスラム）は、{ $grand_slam ->
        [no_capture] 選べますが、石は取れません
        [leave_first] 石を取れますが、石のある相手の穴のうち番号がいちばん小さい穴は残します（石のある穴が1つだけなら取れます）
       *[forbidden] 選べません
    }。

## 相手に石を渡す

rules-feeding = 相手の穴に石が1個もなければ、できるかぎり相手に石が1個以上渡る手を選ばなければなりません。
rules-feeding-unfed = { $unfed ->
        [any_move] そういう手がなければ、どの手を選んでもかまいません。
        [end_to_mover] そういう手がなければゲームは終わり、残りの石はすべて自分のものになります。
        [end] そういう手がなければゲームは終わり、残りの石は得点の決まりに従って分けられます。
       *[end_to_starving] そういう手がなければゲームは終わり、残りの石はすべて相手のものになります。
    }
rules-feeding-starving = 穴が空で手を選べないプレイヤーも、残りの石をすべて自分のものにします。

## 選べる手がないとき

rules-no-move-pass = 選べる手がないプレイヤーは飛ばされ、次に手を選べるプレイヤーの番になります。

## パイルール

rules-pie-rule = 先手が最初の番を終えたら、後手は手を選ぶ代わりに列を入れ替えることができます。そのときは後手が先手の列を受け取り、先手が反対側の列から次の手を選びます。

## 終わり

rules-end = { $when }、ゲームは終わります。
rules-end-side-empty = 手を選んだあと、いずれかのプレイヤーの穴がすべて空になったとき
rules-end-majority = いずれかのプレイヤーが全{ $total }個の石の半分より多く（{ $need }個以上）をゴールに集めたとき
rules-end-half = { $players ->
        [2] 2人とも{ $half }個ずつ集めたとき
       *[other] 2人のプレイヤーが{ $half }個ずつ集めたとき
    }
rules-end-repetition = 同じ局面がふたたび現れたとき（終わらない繰り返し）
rules-end-few-seeds = 手のあと、穴に残った石が{ $seeds }個以下になったとき
rules-end-no-move = 番のプレイヤーに選べる手がないとき
rules-end-nobody-moves = どのプレイヤーも手を選べないとき
rules-end-empty-first = 自分の穴が空になったプレイヤーはその時点で勝ちとなり、残りの石はそのまま置いておきます。
rules-end-empty-first-others = ほかのプレイヤーは、穴に残った石の少ない順に順位が決まります。
rules-end-take-all = 手を指したあとで自分の穴が空になったプレイヤーはその時点で負けとなり、残りの石はそのまま置いておきます。相手の石をすべて取るのが目的です。

## 得点

rules-scoring-leftover = ゲームが終わったとき、穴に残っている石は{ $leftover }。
rules-scoring-cycle = 終わらない繰り返しでゲームが終わったとき（同じ局面がふたたび現れたか、プレイヤーが終了に合意したとき）、穴に残っている石は{ $leftover }。
rules-scoring-few-seeds-mover = 手のあと穴に残った石が{ $seeds }個以下になってゲームが終わったときは、その手を選んだプレイヤーが残りの石をすべて取ります。
rules-scoring-few-seeds-starter = 手のあと穴に残った石が{ $seeds }個以下になってゲームが終わったときは、そのゲーム（またはラウンド）を先に始めたプレイヤーが残りの石をすべて取ります。
rules-leftover = { $rule ->
        [owner] それぞれの列の持ち主のゴールに入ります
        [discard] 誰の得点にもなりません
        [split] プレイヤーで等分し、分けきれない石は誰の得点にもなりません
        [last_mover] すべて最後に手を選んだプレイヤーのものになります
       *[split_poorer] { $players ->
            [2] 等分し、1個余ればゴールの石が少ないプレイヤーのものになり、同数なら誰の得点にもなりません
           *[other] 等分し、分けきれない石はゴールの石が少ないプレイヤーから順に1個ずつ渡し、同数のプレイヤーの間では誰の得点にもなりません
        }
    }
rules-scoring-rank = { $players ->
        [2] ゴールの石が多いほうが勝ちです。同数なら引き分けです。
       *[other] ゴールの石の多い順に順位が決まり、同数なら同じ順位です。
    }
rules-scoring-rank-otherwise = { $players ->
        [2] 誰も自分の穴を空にしなかったときは、ゴールの石が多いほうが勝ちです。同数なら引き分けです。
       *[other] 誰も自分の穴を空にしなかったときは、ゴールの石の多い順に順位が決まり、同数なら同じ順位です。
    }
rules-scoring-rank-take-all = どのように終わっても、自分の穴に残った石が多いほうが勝ちです。ゴールの石は数えません。同数なら引き分けです。

## ラウンド

rules-rounds-fill = この遊びは何ラウンドかの試合です。ラウンドが終わると、各プレイヤーは取った石で次のラウンドの自分の穴を{ $fill ->
        [store_end] ゴールの隣の穴から
       *[far_end] 1番目の穴（ゴールから一番遠い穴）から
    }順に{ $seeds }個ずつ満たします。もう一つの穴を満たせない残りの石は、ゴールに入れたままラウンドを始めます。
rules-rounds-burnt = 空のまま残った穴は、そのラウンドの間は焼けた穴です。石はまかれず、その穴からは手を選べず、取るときは空の穴として数えます。
rules-rounds-starter = { $starter ->
        [loser] 取った石が一番少ないプレイヤーが次のラウンドを始めます。同数なら、前のラウンドを始めた人の次のプレイヤーです。
        [winner] 取った石が一番多いプレイヤーが次のラウンドを始めます。同数なら、前のラウンドを始めた人の次のプレイヤーです。
        [last_mover] ラウンドの最後の手を選んだプレイヤーが次のラウンドを始めます。
       *[alternate] ラウンドは順番に始めます。前のラウンドを始めた人の次のプレイヤーが次のラウンドを始めます。
    }
rules-rounds-end = { $houses ->
        [1] 穴を一つも
       *[other] 穴を{ $houses }個
    }満たせないプレイヤーが出たとき、またはラウンドが投了か合意で終わったときに試合は終わります。
rules-rounds-limit = { $rounds }ラウンドを終えたときにも試合は終わります。
rules-rounds-result = 試合の結果は最後のラウンドの結果です。
rules-rounds-loser-fills = この遊びは何ラウンドかの試合です。ラウンドが終わると、取った石が少ないプレイヤーだけが、取った石で次のラウンドの自分の穴を{ $fill ->
        [store_end] ゴールの隣の穴から
       *[far_end] 1番目の穴（ゴールから一番遠い穴）から
    }順に{ $seeds }個ずつ満たし直します。もう一つの穴を満たせない残りの石は、ゴールに入れたままラウンドを始めます。
rules-rounds-loser-fills-end = 勝ったプレイヤーの穴とゴールは、ラウンドが終わったときのままです。空の穴は使えるまま、焼けた穴は焼けたままです。負けたプレイヤーが{ $houses ->
        [1] 穴を一つも
       *[other] 穴を{ $houses }個
    }満たせないとき、勝ったプレイヤーが残した穴から手を選べないとき、ラウンドが引き分けのとき、またはラウンドが投了か合意で終わったときに試合は終わります。
rules-rounds-territory = この遊びは何ラウンドかの試合です。ラウンドが終わると、すべての穴にまた{ $seeds }個ずつ石を入れ、各プレイヤーが取った石の数で次のラウンドに持つ穴の数が決まります。石{ $seeds }個につき穴一つで、{ $rest ->
        [loser] 勝った人の石で一部しか満たせない穴は負けた人のものです
        [loser_empty] 勝った人の石で一部しか満たせない穴は空のまま負けた人のものになり、穴を満たせない残りの石はそのプレイヤーのゴールに入れたままラウンドを始めます
        [lot] 勝った人の石で一部しか満たせない穴も、半分より多く満たせれば勝った人のもので、ちょうど半分ならくじで決めます（くじで得た穴で試合は終わりません）
       *[over_half] 勝った人の石で一部しか満たせない穴も、半分より多く満たせれば勝った人のものです
    }。勝った人は自分の列と、負けた人の列の最初の穴を持ちます。プレイヤーは自分の持つ穴から手を選び、取ること、石を渡すこと、ラウンドの終わりは、列ではなく穴の持ち主で決まります。
rules-rounds-territory-end = 持つ穴が{ $houses ->
        [1] 一つもなくなる
       *[other] { $houses }個より少なくなる
    }プレイヤーが出たとき、またはラウンドが投了か合意で終わったときに試合は終わります。


## ルールのページ: 目的、用語、よくある質問
## (crates/mancala-core/src/guide/)

rules-aim = { $goal ->
        [store_most] { $players ->
            [2] 相手より多くの石を自分のゴールに集めましょう。
           *[other] 自分のゴールにいちばん多くの石を集めましょう。
        }
        [capture_most] { $players ->
            [2] 相手より多くの石を取りましょう。
           *[other] いちばん多くの石を取りましょう。
        }
        [take_all] 相手に自分の石を取られる前に、相手の穴の石をすべて取りましょう。
       *[empty_first] 誰よりも先に自分の穴を空にしましょう。
    }
rules-aim-majority = 全部で{ $total }個の石のうち{ $need }個取れば勝ちです。
rules-aim-means = { $means ->
        [extra_turns_and_captures] もう一回と、石を取るチャンスをねらいましょう。
        [extra_turns] もう一回のチャンスをねらいましょう。
       *[captures] 石を取るチャンスをねらいましょう。
    }

rules-term-house = 穴
rules-term-house-means = 各プレイヤーの列にある小さなくぼみです。1人{ $houses }個ずつあります。
rules-term-store = ゴール
rules-term-store-means = { $stores ->
        [own] 自分の列の端にある大きな穴です。自分のゴールには石をまき（ほかの人のゴールにはまきません）、取った石もここに入れます。最後にここにある石の数が得点です。
        [all] 各列の端にある大きな穴です。石はどのゴールにもまきます。最後に自分のゴールにある石の数が得点です。
       *[none] 取った石を置いておく場所です。ここに石をまくことはありません。最後にここにある石の数が得点です。
    }
rules-term-seed = 石
rules-term-seed-means = ゲームで使う駒で、全部で{ $total }個です。石でも種でも豆でもかまいません。
rules-term-sow = まく
rules-term-sow-means = 1つの穴の石をすべて取り出し、{ $direction ->
        [ccw] 反時計回りに
        [cw] 時計回りに
        [split] 列の近い端に向かって
        [chosen] プレイヤーが選んだ向き（時計回りか反時計回り）に
        [opposed] 先手は反時計回りに、後手は時計回りに
       *[parity] 取り出した数に応じて時計回りか反時計回りに
    }次の穴から1個ずつ入れていくことです。
rules-term-relay = 続けてまく
rules-term-relay-means = { $relay ->
        [last] 最後の石が、もともと石の入っていた穴に入ったとき、その穴の石を取り出してまき続けることです。
       *[next] 最後の石の次の穴に石が入っているとき、その石を取り出してまき続けることです。
    }
rules-term-extra-turn = もう一回
rules-term-extra-turn-means = { $when ->
        [own_store] 最後の石が自分のゴールに入ったときに、続けてもう一度まけることです。
        [any_store] 最後の石がどれかのゴールに入ったときに、続けてもう一度まけることです。
        [capture] 最後の石で石を取ったときに、続けてもう一度まけることです。
        [own_store_or_capture] 最後の石が自分のゴールに入るか、最後の石で石を取ったときに、続けてもう一度まけることです。
       *[any_store_or_capture] 最後の石がどれかのゴールに入るか、最後の石で石を取ったときに、続けてもう一度まけることです。
    }
rules-term-capture = 石を取る
rules-term-capture-means = { $kind ->
        [opposite] 盤から石を取ることです。最後の石が自分の空の穴に入ったら、対応する穴の石をその最後の石といっしょに自分のゴールに入れます。
        [opposite_leave] 盤から石を取ることです。最後の石が自分の空の穴に入ったら、対応する穴の石を自分のゴールに入れます。最後の石はその穴に残ります。
        [count] 盤から石を取ることです。最後の石で穴の石が{ $counts }になったら、その穴の石を自分のゴールに入れます。
        [next] 盤から石を取ることです。最後の石が穴に入ったら、その次の穴の石を自分のゴールに入れます。
        [gap] 盤から石を取ることです。最後の石が穴に入り、その次の穴が空なら、さらにその次の穴の石を自分のゴールに入れます。
        [sowing] 盤から石を取ることです。まいている途中で石が{ $counts }になった穴は、その石をゴールに移します。
        [before_sowing] 盤から石を取ることです。石を持ち上げるとき、まく前に、石1個または穴の石が自分のゴールに入ります。
        [match] 盤から石を取ることです。最後の石で穴の石が向かいの穴と同じ数になったら、両方の穴の石を自分のゴールに入れます。
       *[tuzdyk] 盤から石を取ることです。自分のトゥズディクにまかれた石はすべて自分のゴールに入ります。
    }
rules-term-corresponding-house = 対応する穴
rules-term-corresponding-house-means = { $players ->
        [2] 自分の穴の、盤をはさんだちょうど向かいにある相手の穴です。
       *[other] 自分のゴールの隣の穴がほかのプレイヤーの{ 1 }番の穴（その列に石が入ってくるところ）に対応し、その前の穴が{ 2 }番の穴に対応し、以下同様です。
    }
rules-term-chain = 続けて取る
rules-term-chain-means = { $kind ->
        [count] 最後の石の穴を取ったあと、その前の穴も取れる数であるかぎり、1つずつさかのぼって取ることです。
       *[gap] 空の穴のあとに石の入った穴が続くかぎり、さらに先でも取り続けることです。
    }
rules-term-sow-capture = まく途中で取る
rules-term-sow-capture-means = まいている途中で石が{ $counts }になった穴を、{ $store ->
        [owner] その列の持ち主
        [sower_own] まいているプレイヤー（自分の穴の場合だけ）
       *[sower] まいているプレイヤー
    }がすぐに取ることです。
rules-term-tuzdyk = トゥズディク
rules-term-tuzdyk-means = 最後の石で相手の列の穴の石をちょうど{ $count }個にすると、その穴は自分のものになります。それ以後その穴にまかれた石はすべて自分のゴールに入ります。1人1つまで作れます。
rules-term-grand-slam = グランドスラム
rules-term-grand-slam-means = 相手の列に残った石をすべて取ってしまう取り方です。ここでは{ $grand_slam ->
        [no_capture] その手は打てますが、石は取れません
        [leave_first] 石のある穴のうち番号がいちばん小さい穴を残して取ります（石のある穴が1つだけなら全部取ります）
       *[forbidden] その手は打てません
    }。
rules-term-feeding = 石を渡す
rules-term-feeding-means = 穴がすべて空になった相手に石を渡すことです。渡せる手があれば、渡さなければなりません。
rules-term-pass = パス
rules-term-pass-means = 打てる手がないときに番を飛ばされることです。番は、手のある次のプレイヤーに回ります。
rules-term-pie-rule = パイルール
rules-term-pie-rule-means = 先手が最初の番を終えたあと、後手がまく代わりに先手と列を入れ替えられる決まりです。

rules-question-other-stores = { $players ->
        [2] 相手のゴールにも石を入れますか？
       *[other] ほかのプレイヤーのゴールにも石を入れますか？
    }
rules-answer-other-stores = { $stores ->
        [own] いいえ。自分のゴールには入れますが、{ $players ->
            [2] 相手
           *[other] ほかのプレイヤー
        }のゴールは飛ばします。
        [all] はい。途中にあるゴールには、誰のものでも石を入れます。
       *[none] いいえ。ゴールに石をまくことはありません。ゴールには取った石だけを置きます。
    }
rules-question-origin-lap = 一周したとき、石を取り出した穴は飛ばしますか？
rules-answer-origin-lap = { $origin ->
        [include] いいえ。一周したときは、空にした穴にもほかの穴と同じように1個入れます。
        [skip] はい。一周したときは、石を取り出した穴を飛ばします。
        [first] いいえ。最初の1個をその穴に戻し、一周したときはもう1個入れます。
       *[first_unless_single] いいえ。最初の1個をその穴に戻し（石が1個だけのときは次の穴に入れます）、一周したときはもう1個入れます。
    }
rules-question-which-houses = どの穴を選べますか？
rules-answer-which-houses = { $min_seeds ->
        [1] 石の入っている自分の穴ならどれでも選べます。空の穴は選べません。
       *[other] 石が{ $min_seeds }個以上入っている自分の穴ならどれでも選べます。それより少ない穴は選べません。
    }
rules-question-empty-opposite = { $target ->
        [opposite] 向かいの穴が空のときは？
        [across] 対応する穴が空のときは？
        [next] 対応する穴が空のときは？
       *[all] 対応する穴がすべて空のときは？
    }
rules-answer-empty-opposite = { $empty ->
        [nothing] 何も取りません。最後の石はそのまま穴に残ります。
       *[last_seed] 最後の石だけを自分のゴールに入れます。
    }
rules-question-corresponding-house = 対応する穴はどこですか？
rules-question-capture-side = 自分の列の石も取れますか？
rules-answer-capture-side = { $side ->
        [opponent] いいえ。取れるのは相手の列の穴だけです。
        [others] いいえ。取れるのはほかのプレイヤーの列の穴だけです。
        [opponent_first] 連続して取るときだけです。最初に取る穴は相手の列になければならず、そのあと自分の列まで続けて取れます。
        [own] はい。取れるのは自分の列の穴だけです。
       *[any] はい。どの列の穴でも取れます。
    }
rules-question-extra-turns = もう一回は続けて何度もできますか？
rules-answer-extra-turns = はい。最後の石でもう一回になるたびに、何度でも続けてまけます。
rules-question-feeding = 相手の穴に石がなくなったら？
rules-question-no-move = 打てる手がないときはどうなりますか？
rules-answer-no-move = { $rule ->
        [cannot_happen] そうはなりません。誰かの穴がすべて空になった時点でゲームは終わり、石の入った穴ならどれでも選べるからです。
        [end] ゲームが終わります。
       *[pass] その人の番は飛ばされ、手のある次のプレイヤーに回ります。誰も打てなくなったらゲームは終わりです。
    }
rules-question-draw = { $players ->
        [2] 引き分けはありますか？
       *[other] 同じ順位になることはありますか？
    }
rules-answer-draw = { $draw ->
        [equal_stores] はい。両方のゴールの石が同数なら引き分けです。
        [not_if_emptied] 誰かが自分の穴を空にしたときはありません。その人の勝ちです。それ以外で終わったときは、両方のゴールの石が同数なら引き分けです。
        [equal_houses] はい。終わったときに両方の穴に残った石が同数なら引き分けです(どちらかの穴が空になったときはありません)。
       *[share_place] はい。ゴールの石が同数の人は同じ順位です。
    }

## Issue 30: 石を取ってもう一回になる回数の上限 (capture_extra_turn_limit)

rules-extra-turn-capture-limit = 石を取ってもう一回になるのは、自分の番1回につき{ $limit }回までです。その後は、石を取っても番は終わります。
