# The rules in words: the messages of `RuleSet::explain`
# (crates/mancala-core/src/explain.rs), one per phrase id. Core chooses
# what is said; a message says it. Arguments: numbers (`$players`),
# keywords that only select a variant (`$direction`: ccw, cw, parity;
# every keyword core passes is named by a variant), lists (`$counts`,
# `$when`: worded as the language's "or" list) and nested phrases
# (`$counts`, `$leftover`: worded first, passed as text). A topic's
# paragraph is its phrases joined by a space (by nothing in Japanese).

## Topic titles

rules-topic-board = Board
rules-topic-sowing = Sowing
rules-topic-relay = Relay
rules-topic-extra-turns = Extra turns
rules-topic-captures = Captures
rules-topic-sow-captures = Captures while sowing
rules-topic-tuzdyk = Tuzdyk
rules-topic-children = Children
rules-topic-grand-slam = Grand slam
rules-topic-feeding = Feeding
rules-topic-no-move = No move
rules-topic-pie-rule = Pie rule
rules-topic-end = End
rules-topic-scoring = Scoring
rules-topic-rounds = Rounds

## Board

# $store_side: right, or left on a clockwise (mirrored) board.
rules-board = Each of the { $players } players has { $houses } { $houses ->
        [one] house
       *[other] houses
    } holding { $seeds } { $seeds ->
        [one] seed
       *[other] seeds
    } each ({ $total } seeds in all), and a store on their { $store_side ->
        [left] left
       *[right] right
    }.
# A start layout dealt at random from layout_seed ($seed): $least seeds
# in every house, the rest dealt; $store_side as in rules-board.
rules-board-dealt = Each of the { $players } players has { $houses } houses and a store on their { $store_side ->
        [left] left
       *[right] right
    }. At the start the { $total } seeds are dealt at random, each side its own counts, at least { $least } to a house (deal number { $seed }).
rules-board-dealt-each-game = Each of the { $players } players has { $houses } houses and a store on their { $store_side ->
        [left] left
       *[right] right
    }. At the start the { $total } seeds are dealt at random, each side its own counts, at least { $least } to a house (a new deal for every game).
# A start layout (houses differ). $layout: rules-layout-next, the
# counts of house 1 on, comma-separated; $store_side as in rules-board.
rules-board-layout = Each of the { $players } players has { $houses } houses and a store on their { $store_side ->
        [left] left
       *[right] right
    }. At the start every player's houses hold, from house 1 on, { $layout } seeds ({ $total } seeds in all).
# One count of a layout and the counts after it ($rest).
rules-layout-next = { $count }, { $rest }
# The last count of a layout.
rules-layout-last = { $count }
# 3 or 4 players. $turns: ccw or cw.
rules-board-turns = The players sit round the board and take turns { $turns ->
        [cw] clockwise
       *[ccw] counter-clockwise
    }.

## Sowing

# $min_seeds: 1 (any house with seeds) or more.
rules-sowing-pick = On your turn, pick one of your houses { $min_seeds ->
        [1] that holds seeds
       *[other] that holds at least { $min_seeds } seeds
    } and lift all its seeds.
# $direction: ccw, cw, parity (odd counts clockwise), split (towards
# the nearer end of the row), opposed (the first player counter-clockwise,
# the second clockwise) or chosen (the mover chooses, every house);
# $stores: none, own or all (the stores on the track).
rules-sowing-sow = Sow them one by one { $direction ->
        [ccw] counter-clockwise into the cups that follow
        [cw] clockwise into the cups that follow
        [split] into the cups that follow towards the nearer end of your row: clockwise from the houses of its left half, counter-clockwise from those of its right half
        [chosen] into the cups that follow, clockwise or counter-clockwise as you choose
        [opposed] into the cups that follow: counter-clockwise if you play first, clockwise if you play second
       *[parity] into the cups that follow: clockwise if you lifted an odd number of seeds, counter-clockwise if an even number
    }, { $stores ->
        [none] skipping the stores, which only keep captured seeds
        [own] including your own store but not { $players ->
            [2] your opponent's
           *[other] the other players'
        }
       *[all] including every store on the way
    }.
# The houses whose direction the mover chooses ($houses, a list of house
# numbers; $count of them), when not every house is one.
rules-sowing-choice = From { $count ->
        [one] house
       *[other] houses
    } { $houses } you choose which way to sow, clockwise or counter-clockwise.
# $origin: what becomes of the emptied house.
rules-sowing-origin = { $origin ->
        [include] A sowing that goes all the way round drops a seed into the emptied house too.
        [skip] A sowing that goes all the way round skips the house it started from.
        [first] The first seed goes back into the emptied house, the rest into the cups after it.
       *[first_unless_single] The first seed goes back into the emptied house, the rest into the cups after it; a single seed goes on to the next cup instead.
    }
# reach_opponent; $houses: the houses of a side.
rules-sowing-reach = A house holding { $houses } seeds or fewer may be played only if its sowing reaches another player's side, or a store, or ends in an empty house of your own; under relay sowing the first lap decides.
# single_to_empty.
rules-sowing-single-to-empty = A house holding a single seed may be played only if that seed falls into an empty house or a store.
rules-sowing-capacity = A house that holds { $count } { $count ->
        [one] seed
       *[other] seeds
    } or more is full: sowing passes over it, and the seed goes into the next house or store instead.
# first_move = last_house. $house: the last house's number.
rules-sowing-first-move-last = The game's first move is made from the first player's house { $house }, the last before their store.
# no_undo.
rules-sowing-no-undo = A single seed that a move sows across the end of a row into an opponent's empty house may not be moved straight back by that opponent on their next turn.
rules-sowing-no-sides = Either player may sow any house of the board, on either row; the opponent's house n is played as house { $houses } + n.

## Relay sowing

rules-relay-last = If the last seed lands in a house that already held seeds, lift all the seeds of that house, the last one included, and go on sowing from the next cup.
# $ends: house, or house_or_store when the stores are on the track.
rules-relay-last-ends = The move ends when the last seed lands in { $ends ->
        [house] an empty house
       *[house_or_store] an empty house or a store
    }.
rules-relay-next = When the last seed has been sown, if the cup after it is a house holding seeds, lift them and go on sowing from the cup after that house.
rules-relay-next-ends = The move ends when that cup is { $ends ->
        [house] an empty house
       *[house_or_store] an empty house or a store
    }.
# $relay_on: own or opponent.
rules-relay-on = { $relay_on ->
        [own] Only your own houses are lifted this way: on another side the move ends.
       *[opponent] Only { $players ->
            [2] your opponent's
           *[other] the other players'
        } houses are lifted this way: on your own side the move ends.
    }
# $relay: last (the last seed's house) or next (the house after it);
# $counts: the counts that relay (relay_counts).
rules-relay-counts = { $relay ->
        [next] That house is lifted only when it holds { $counts }; with any other number the move ends.
       *[last] That house is lifted only when it holds { $counts }, the last seed included; with any other number the move ends there.
    }
# `relay_store`: under relay from the next cup, the mover's own store is lifted too.
rules-relay-store = But when that cup is your own store and it holds seeds, lift them from the store and go on sowing from the cup after it.
rules-relay-capture-ends = But a last seed that would capture (see the captures) captures there and ends the move instead of being lifted.
# `lap_capture = relay`: a leg that relays first captures where it ended.
rules-relay-lap-capture-relay = Before a house is lifted, the last seed that fell into it captures as a move's last seed would (see the captures); the sowing then goes on from it.
# `lap_capture = next`: a leg whose last seed captures goes on from the next house.
rules-relay-lap-capture-next = A leg's last seed that captures (see the captures) takes its seeds there, and the sowing goes on by lifting the house after it; when that house is empty or a store, the move ends.
rules-relay-legs = Each lift is sown by the same rules, the house just lifted being the emptied one.
rules-relay-limit = A move makes at most { $limit } { $limit ->
        [one] lift
       *[other] lifts
    }; where one more would be made, the move ends at once, with no capture and no extra turn.

## Extra turns

# $when: which last seeds earn another move.
rules-extra-turn = { $when ->
        [own_store] If your last seed lands in your own store, you move again.
        [any_store] If your last seed lands in any store, you move again.
        [capture] If your last seed captures, you move again.
        [own_store_or_capture] If your last seed lands in your own store or captures, you move again.
       *[any_store_or_capture] If your last seed lands in any store or captures, you move again.
    }
rules-extra-turn-not-first = The very first move of the game never earns another move.

## Captures

# Seeds are captured while sowing, or by a tuzdyk, but not by the last seed.
rules-capture-none = The last seed of a move captures nothing.
rules-capture-never = Nothing is ever captured.
rules-capture-children = Seeds are taken only when a last seed makes a child, as Children says: that house's seeds go to your store.
rules-capture-wegs = Seeds are taken only when your last seed falls into your opponent's weg (see Children): you take 2 of its seeds into your store, or its only seed if it held none before.
# $target: opposite (2 players), across (the player across the board,
# 4 players), next (the next player in turn, $turns: ccw or cw) or all
# (every other player).
rules-capture-opposite = { $target ->
        [opposite] If your last seed lands in an empty house of your own and the house opposite holds seeds, you capture its seeds together with that last seed into your store.
        [across] If your last seed lands in an empty house of your own and the corresponding house of the player across the board (your house next to your store faces their house 1, and so on) holds seeds, you capture its seeds together with that last seed into your store.
        [next] If your last seed lands in an empty house of your own and the corresponding house of the next player { $turns ->
            [cw] clockwise
           *[ccw] counter-clockwise
        } (your house next to your store faces their house 1, and so on) holds seeds, you capture its seeds together with that last seed into your store.
       *[all] If your last seed lands in an empty house of your own and the corresponding houses of every other player (your house next to your store faces their house 1, and so on) hold seeds, you capture their seeds together with that last seed into your store.
    }
# As rules-capture-opposite, when the last seed stays in its house
# (capture_leaves_seed).
rules-capture-opposite-leave = { $target ->
        [opposite] If your last seed lands in an empty house of your own and the house opposite holds seeds, you capture its seeds into your store; your last seed stays where it landed.
        [across] If your last seed lands in an empty house of your own and the corresponding house of the player across the board (your house next to your store faces their house 1, and so on) holds seeds, you capture its seeds into your store; your last seed stays where it landed.
        [next] If your last seed lands in an empty house of your own and the corresponding house of the next player { $turns ->
            [cw] clockwise
           *[ccw] counter-clockwise
        } (your house next to your store faces their house 1, and so on) holds seeds, you capture its seeds into your store; your last seed stays where it landed.
       *[all] If your last seed lands in an empty house of your own and the corresponding houses of every other player (your house next to your store faces their house 1, and so on) hold seeds, you capture their seeds into your store; your last seed stays where it landed.
    }
# $empty: nothing, or last_seed (the last seed alone is captured).
rules-capture-opposite-empty = { $target ->
        [opposite] If the house opposite is empty
        [across] If that house is empty
        [next] If that house is empty
       *[all] If those houses are all empty
    }, { $empty ->
        [nothing] nothing is captured
       *[last_seed] the last seed alone goes to your store
    }.
# `capture_side` any or own with the opposite capture (two players): a
# last seed in an empty house of the opponent's takes the mover's house
# across. $side: any (as well as the capture above) or own (instead of
# it); $leave: yes (capture_leaves_seed) or no.
rules-capture-opposite-across = { $side ->
        [own] Only a last seed on the opponent's side captures: if it lands in an empty house of theirs and your own house opposite holds seeds
       *[any] A last seed on the opponent's side captures too: if it lands in an empty house of theirs and your own house opposite holds seeds
    }, you capture that house's seeds { $leave ->
        [yes] into your store; your last seed stays where it landed
       *[no] together with that last seed into your store
    }.
rules-capture-first-moves = { $moves ->
        [one] The first move of the game captures nothing.
       *[other] The first { $moves } moves of the game capture nothing.
    }
rules-capture-single-seed = A move from a house holding a single seed captures nothing with its last seed.
# $kind: first_seed or single_opposite (`capture_before_sowing`).
rules-capture-before-sowing = { $kind ->
        [first_seed] Each time you lift a house's seeds, the house you play and every house you lift to go on, the first seed goes to your store before you sow the others.
       *[single_opposite] When you lift a single seed, the seeds of the house opposite the one you lift go to your store first; then you sow it.
    }
rules-capture-opponent-store = If your last seed falls into your opponent's store and earns you no extra move, you take every seed in that store into yours.
rules-capture-pass-store = If your last seed falls into an empty house of your opponent's and your store holds seeds, they all go to your opponent's store, and nothing else is captured.
# $side: opponent, own or any; $counts: a phrase such as "2 or 3 seeds".
rules-capture-count = If your last seed makes a house { $side ->
        [opponent] on your opponent's side
        [own] on your own side
       *[any] on either side
    } hold { $counts }, you capture the seeds of that house into your store.
rules-capture-count-chain = Then the capture goes back over the houses before it, one by one, taking each that also holds { $counts } { $side ->
        [opponent] on your opponent's side
        [own] on your own side
       *[any] on either side
    }, and stops at the first that does not.
# $side: opponent (of two players), others (another player's side), own
# or any.
# $side: opponent, own or any (the house the last seed lands in).
rules-capture-match = If your last seed lands in a house { $side ->
        [opponent] on your opponent's side
        [own] on your own side
        [others] on another player's side
       *[any] on either side
    } and makes it hold as many seeds as the house across the board, you capture the seeds of both houses.
rules-capture-next = If your last seed lands in a house, you capture the seeds of the house after it (stores are skipped) { $side ->
        [opponent] if it holds seeds and is on your opponent's side
        [others] if it holds seeds and is on another player's side
        [own] if it holds seeds and is on your own side
       *[any] if it holds seeds
    }.
# $take: beyond, or beyond_and_opposite (with the house opposite it).
rules-capture-gap = If your last seed lands in a house, the house after it is empty and the one beyond { $side ->
        [opponent] holds seeds and is on your opponent's side
        [others] holds seeds and is on another player's side
        [own] holds seeds and is on your own side
       *[any] holds seeds
    }, you capture { $take ->
        [beyond] the seeds of that house beyond
       *[beyond_and_opposite] the seeds of that house beyond together with the seeds of the house opposite it
    } (stores are skipped).
rules-capture-gap-chain = The capture goes on while the pattern repeats: { $side ->
        [opponent] an empty house, then one holding seeds on your opponent's side
        [others] an empty house, then one holding seeds on another player's side
        [own] an empty house, then one holding seeds on your own side
       *[any] an empty house, then one holding seeds
    }.
rules-capture-gap-occupied = Only a last seed that lands in a house already holding seeds captures across the gap.
# $limit: the most houses one chain capture takes (chain_limit).
rules-capture-chain-limit = One capture takes at most { $limit } { $limit ->
        [one] house
       *[other] houses
    }, the first one included.

## Seed counts, nested in the captures

rules-counts-one = { $count } { $count ->
        [one] seed
       *[other] seeds
    }
# $counts: two or more numbers, as an "or" list.
rules-counts-list = { $counts } seeds
# $kind: any, even or odd: every such count the game allows.
rules-counts-kind = { $kind ->
        [any] any number of seeds
        [even] an even number of seeds
       *[odd] an odd number of seeds
    }
rules-counts-range = { $kind ->
        [any] any number of seeds from { $from } to { $to }
        [even] an even number of seeds from { $from } to { $to }
       *[odd] an odd number of seeds from { $from } to { $to }
    }
# Only for a rule set that is not valid.
rules-counts-none = no number of seeds

## Captures while sowing

# $store: owner (the store of the house's owner), sower, or sower_own
# (the sower's store, only for a house the sower owns).
rules-sow-capture = While you sow, every seed but the very last of the move that makes a house hold { $counts } takes that house's seeds at once to { $store ->
        [owner] the store of the house's owner
        [sower_own] your store if it is a house you own (another player's house stays)
       *[sower] your store
    }, whichever side the house is on.
# As rules-sow-capture, the last seed included (sow_capture_last).
rules-sow-capture-last = While you sow, every seed that makes a house hold { $counts }, the very last one included, takes that house's seeds at once to { $store ->
        [owner] the store of the house's owner
        [sower_own] your store if it is a house you own (another player's house stays)
       *[sower] your store
    }, whichever side the house is on.

## Tuzdyk

rules-tuzdyk = Once in a game, if your last seed makes a house of your opponent's hold exactly { $count } { $count ->
        [one] seed
       *[other] seeds
    }, that house becomes your tuzdyk, unless it is their house { $house } or has the number of your house that is their tuzdyk.
rules-tuzdyk-across = Once in a game, if your last seed makes a house of your opponent's hold exactly { $count } { $count ->
        [one] seed
       *[other] seeds
    }, that house becomes your tuzdyk, unless it is their house { $house } or lies across the board from your house that is their tuzdyk.
rules-tuzdyk-store = Its seeds go to your store, and from then on every seed sown into it goes to your store.

## Children

rules-children = If your last seed makes a house of your opponent's hold exactly { $count } { $count ->
        [one] seed
       *[other] seeds
    }, that house becomes your child, as many times as it happens. Its seeds go to your store, and from then on every seed sown into it goes to your store; nobody moves from a child. Making a child ends your move, even in the middle of a relay sowing, and so does a last seed that falls into a child.
rules-children-skip = Your sowing passes over your opponent's children.
rules-children-weg = If your last seed makes a house of either side hold exactly { $count } { $count ->
        [one] seed
       *[other] seeds
    }, that house becomes your weg, as many times as it happens. A weg keeps its seeds, every seed sown into it stays there, and nobody moves from it. Making a weg ends your move, even in the middle of a relay sowing, and so does a last seed that falls into a weg. When the game ends, the seeds in each weg go to its owner's store.

## Grand slam

rules-grand-slam = A move whose capture would take every seed left on your opponent's side (a grand slam) { $grand_slam ->
        [no_capture] may be played, but captures nothing
        [leave_first] captures, but leaves them their lowest-numbered house that holds seeds, unless only one house holds seeds
       *[forbidden] may not be played
    }.

## Feeding

rules-feeding = If your opponent has no seeds in their houses, you must play a move that leaves them at least one, if you can.
rules-feeding-unfed = { $unfed ->
        [any_move] If no move can, you may play any move.
        [end_to_mover] If no move can, the game ends and you take every seed left.
        [end] If no move can, the game ends and the seeds left go as the scoring says.
       *[end_to_starving] If no move can, the game ends and your opponent takes every seed left.
    }
rules-feeding-starving = A player who cannot move because their houses are empty also takes every seed left.

## No move

rules-no-move-pass = A player who has no legal move is skipped: the turn goes on to the next player who can move.

## Pie rule

rules-pie-rule = Once the first player has finished their first turn, the second player may swap sides instead of moving: they take the side that opened, and the first player moves next, from the other side.

## End

# $when: the conditions below, as an "or" list.
rules-end = The game ends { $when }.
rules-end-side-empty = when a player's houses are all empty after a move
rules-end-majority = when a player holds more than half of the { $total } seeds in their store ({ $need } or more)
rules-end-half = when { $players ->
        [2] both
       *[other] two
    } players hold { $half } each
rules-end-repetition = when a position comes back (an endless cycle)
rules-end-few-seeds = when { $seeds } { $seeds ->
        [one] seed or none is
       *[other] seeds or fewer are
    } left in the houses after a move
rules-end-no-move = when the player to move has no legal move
rules-end-nobody-moves = when no player can move
rules-end-empty-first = A player whose houses become empty wins at once, and the seeds left stay where they are.
# 3 or 4 players.
rules-end-empty-first-others = The others are ranked by the seeds left in their houses, fewest first.
rules-end-take-all = A player whose houses become empty after a move loses at once, and the seeds left stay where they are: the aim is to take every seed of the opponent.

## Scoring

# $leftover: what becomes of the seeds left (rules-leftover).
rules-scoring-leftover = When the game ends, the seeds left in the houses { $leftover }.
rules-scoring-cycle = When the game ends as an endless cycle (a position comes back, or the players agree to stop), the seeds left in the houses { $leftover }.
# `end_seeds_to = mover`: the seeds left when few are left go to the
# mover, whatever the leftover rule says. $seeds: `end_seeds`.
rules-scoring-few-seeds-mover = When a move leaves { $seeds } { $seeds ->
        [one] seed or none
       *[other] seeds or fewer
    } in the houses and so ends the game, the player who made it takes them all.
# `end_seeds_to = starter`: the seeds left when few are left go to the
# player who started the round (the first player in a single game).
# $seeds: `end_seeds`.
rules-scoring-few-seeds-starter = When a move leaves { $seeds } { $seeds ->
        [one] seed or none
       *[other] seeds or fewer
    } in the houses and so ends the game, the player who started it (or the round) takes them all.
# What becomes of the seeds left in the houses. $rule: the leftover rule.
rules-leftover = { $rule ->
        [owner] go to their owners' stores
        [discard] count for nobody
        [split] are shared equally among the players, and those that cannot be shared count for nobody
        [last_mover] all go to the player who made the last move
       *[split_poorer] { $players ->
            [2] are shared equally; an odd seed goes to the player with fewer seeds in their store, and counts for nobody when both have as many
           *[other] are shared equally; those that cannot be shared go one each to the players with the fewest seeds in their stores, fewest first, and count for nobody between players with as many
        }
    }
rules-scoring-rank = { $players ->
        [2] The player with more seeds in their store wins; equal stores are a draw.
       *[other] Players are ranked by the seeds in their stores, most first; equal stores share a place.
    }
# When emptying your houses first wins.
rules-scoring-rank-otherwise = { $players ->
        [2] If no player emptied their houses, the player with more seeds in their store wins; equal stores are a draw.
       *[other] If no player emptied their houses, players are ranked by the seeds in their stores, most first; equal stores share a place.
    }
# `take_all`: every end leaves the board as it is.
rules-scoring-rank-take-all = However the game ends, the player with more seeds left in their houses wins, whatever the stores hold; equal houses are a draw.

## Rounds

# A match in rounds (docs/rules.md section 8a). $seeds: seeds to a
# house; $fill: far_end (from house 1, the one furthest from the store)
# or store_end (from the house beside the store).
rules-rounds-fill = The game is a match of rounds. When a round ends, each player fills their own houses for the next round with the seeds they won, { $seeds } to a house, { $fill ->
        [store_end] starting from the house beside their store
       *[far_end] starting from their first house, the one furthest from their store
    }; seeds too few to fill one more house start the round in their store.
rules-rounds-burnt = A house left empty is burnt for that round: no seed is sown into it, it cannot be played, and a capture counts it as empty.
# $starter: alternate, loser, winner or last_mover.
rules-rounds-starter = { $starter ->
        [loser] The player who won the fewest seeds starts the next round; on a tie, the player after the last round's starter does.
        [winner] The player who won the most seeds starts the next round; on a tie, the player after the last round's starter does.
        [last_mover] The player who made the last move of a round starts the next one.
       *[alternate] The players take turns to start the rounds: each round is started by the player after the one who started the last.
    }
rules-rounds-end = The match ends when a player cannot fill { $houses ->
        [1] a single house
       *[other] { $houses } houses
    }, or when a round ends by resignation or agreement.
rules-rounds-limit = It also ends after { $rounds } rounds.
rules-rounds-result = The match's result is the result of its last round.
# `rounds = loser_fills`: only the round's loser fills their houses again
# (MancalaGames' LOSER_ONLY). $seeds, $fill as in rules-rounds-fill.
rules-rounds-loser-fills = The game is a match of rounds. When a round ends, only the player who won fewer seeds fills their houses again for the next round, with the seeds they won, { $seeds } to a house, { $fill ->
        [store_end] starting from the house beside their store
       *[far_end] starting from their first house, the one furthest from their store
    }; seeds too few to fill one more house start the round in their store.
rules-rounds-loser-fills-end = The winner's houses and store stay as the round left them: their empty houses stay in play, their burnt houses stay burnt. The match ends when the loser cannot fill { $houses ->
        [1] a single house
       *[other] { $houses } houses
    }, when the winner could not move from the houses they kept, when a round is drawn, or when a round ends by resignation or agreement.
# $rest: over_half, loser, loser_empty or lot (territory_rest).
rules-rounds-territory = The game is a match of rounds. When a round ends, every house is filled again with { $seeds } seeds, and the seeds each player won decide how many houses they own in the next round: one for every { $seeds } seeds, { $rest ->
        [loser] the house the winner's seeds fill only in part going to the loser
        [loser_empty] the house the winner's seeds fill only in part going to the loser, empty, while the seeds that fill no whole house start the round in their player's store
        [lot] and the house the winner's seeds fill only in part too, if they fill more than half of it, or if a lot drawn says so when they fill exactly half (a lot won does not end the match)
       *[over_half] and the house the winner's seeds fill only in part too, if they fill more than half of it
    }. The winner owns their own row and the loser's first houses; a player moves from the houses they own, and captures, feeding and the end of a round read a house's owner, not its row.
rules-rounds-territory-end = The match ends when a player would own fewer than { $houses ->
        [1] one house
       *[other] { $houses } houses
    }, or when a round ends by resignation or agreement.


## A rules page: the aim, the terms and the questions
## (crates/mancala-core/src/guide/: RuleSet::aim, glossary, questions)

# $goal: store_most, capture_most or empty_first.
rules-aim = { $goal ->
        [store_most] { $players ->
            [2] Get more seeds into your store than your opponent.
           *[other] Get the most seeds into your store.
        }
        [capture_most] { $players ->
            [2] Capture more seeds than your opponent.
           *[other] Capture the most seeds.
        }
        [take_all] Take every seed from your opponent's houses before they take yours.
       *[empty_first] Be the first to empty your houses.
    }
rules-aim-majority = { $need } of the { $total } seeds are enough to win.
# $means: what helps.
rules-aim-means = { $means ->
        [extra_turns_and_captures] Look for extra turns and for chances to capture.
        [extra_turns] Look for extra turns.
       *[captures] Look for chances to capture.
    }

# A term's name, then what it means under these rules.
rules-term-house = House
rules-term-house-means = One of the small pits on a player's side of the board; each player has { $houses }.
rules-term-store = Store
# $stores: own, all or none (the stores sown).
rules-term-store-means = { $stores ->
        [own] The big pit at the end of your side. You sow into it (but not into the others' stores), your captures go into it, and what it holds at the end is your score.
        [all] The big pit at the end of each side. Seeds are sown into every store, and what yours holds at the end is your score.
       *[none] Where a player keeps the seeds they take; no seed is ever sown into it. What it holds at the end is the score.
    }
rules-term-seed = Seed
rules-term-seed-means = The counters the game is played with, { $total } in all: seeds, stones or beans all do.
rules-term-sow = Sow
rules-term-sow-means = To lift every seed of a house and drop them one by one into the cups that follow, { $direction ->
        [ccw] counter-clockwise
        [cw] clockwise
        [split] towards the nearer end of the row
        [chosen] clockwise or counter-clockwise as the player chooses
        [opposed] counter-clockwise for the first player, clockwise for the second
       *[parity] clockwise or counter-clockwise, as the number of seeds lifted says
    }.
rules-term-relay = Relay sowing
# $relay: last or next.
rules-term-relay-means = { $relay ->
        [last] Sowing on with the seeds of the house where the last seed landed, when that house held seeds already.
       *[next] Sowing on with the seeds of the house after the last one, when that house holds seeds.
    }
rules-term-extra-turn = Extra turn
rules-term-extra-turn-means = Another move straight away, earned { $when ->
        [own_store] when your last seed lands in your own store
        [any_store] when your last seed lands in any store
        [capture] when your last seed captures
        [own_store_or_capture] when your last seed lands in your own store or captures
       *[any_store_or_capture] when your last seed lands in any store or captures
    }.
rules-term-capture = Capture
# $kind: the capture these rules play; $counts (count, sowing): a phrase
# such as "2 or 3 seeds".
rules-term-capture-means = { $kind ->
        [opposite] Taking seeds off the board: when your last seed lands in an empty house of your own, the seeds of the corresponding house go to your store with it.
        [opposite_leave] Taking seeds off the board: when your last seed lands in an empty house of your own, the seeds of the corresponding house go to your store; the last seed stays where it landed.
        [count] Taking seeds off the board: when your last seed makes a house hold { $counts }, its seeds go to your store.
        [next] Taking seeds off the board: when your last seed lands in a house, the seeds of the house after it go to your store.
        [gap] Taking seeds off the board: when your last seed lands in a house and the house after it is empty, the seeds of the house beyond go to your store.
        [sowing] Taking seeds off the board: a house that comes to hold { $counts } while seeds are being sown is emptied into a store.
        [before_sowing] Taking seeds off the board: a seed or a house goes to your store as you lift seeds, before they are sown.
        [match] Taking seeds off the board: when your last seed makes its house hold as many seeds as the house across the board, the seeds of both go to your store.
       *[tuzdyk] Taking seeds off the board: every seed sown into your tuzdyk goes to your store.
    }
rules-term-corresponding-house = Corresponding house
rules-term-corresponding-house-means = { $players ->
        [2] The opponent's house straight across the board from one of yours.
       *[other] Your house next to your store corresponds to another player's house 1, where the seeds enter their side; the one before it to their house 2, and so on.
    }
rules-term-chain = Chain capture
# $kind: count or gap.
rules-term-chain-means = { $kind ->
        [count] Capturing, after the house of the last seed, the houses before it one by one, as long as each of them also holds a count that captures.
       *[gap] Capturing again further on, as long as the pattern repeats: an empty house, then one holding seeds.
    }
rules-term-sow-capture = Capture while sowing
rules-term-sow-capture-means = A house that comes to hold { $counts } while seeds are being sown, taken at once by { $store ->
        [owner] the owner of its side
        [sower_own] the player sowing, if they own it
       *[sower] the player sowing
    }.
rules-term-tuzdyk = Tuzdyk
rules-term-tuzdyk-means = A house on your opponent's side that becomes yours when your last seed makes it hold exactly { $count } { $count ->
        [one] seed
       *[other] seeds
    }: from then on every seed sown into it goes to your store. Each player may make one.
rules-term-grand-slam = Grand slam
rules-term-grand-slam-means = A capture that would take every seed left on your opponent's side; here it { $grand_slam ->
        [no_capture] may be played but captures nothing
        [leave_first] captures all but their lowest-numbered house holding seeds, unless only one house holds seeds
       *[forbidden] may not be played
    }.
rules-term-feeding = Feeding
rules-term-feeding-means = Giving seeds to an opponent whose houses are all empty: you must, if a move can.
rules-term-pass = Passing
rules-term-pass-means = Being skipped when you have no legal move: the turn goes on to the next player who can move.
rules-term-pie-rule = Pie rule
rules-term-pie-rule-means = The second player's right, once the first player has finished their first turn, to swap sides instead of moving.

# The questions players ask, and their answers under these rules.
rules-question-other-stores = { $players ->
        [2] Do seeds go into my opponent's store too?
       *[other] Do seeds go into the other players' stores too?
    }
rules-answer-other-stores = { $stores ->
        [own] No: you sow into your own store and skip { $players ->
            [2] your opponent's
           *[other] the others'
        }.
        [all] Yes: seeds are sown into every store on the way, whoever's it is.
       *[none] No: no seed is ever sown into a store; the stores only keep the seeds the players take.
    }
rules-question-origin-lap = Is the emptied house skipped when a sowing goes all the way round?
rules-answer-origin-lap = { $origin ->
        [include] No: when a sowing goes all the way round, the emptied house gets a seed like any other.
        [skip] Yes: a sowing that goes all the way round passes over the house it started from.
        [first] No: the first seed goes straight back into it, and a sowing that goes all the way round drops another one in.
       *[first_unless_single] No: the first seed goes straight back into it (a single seed goes on to the next cup instead), and a sowing that goes all the way round drops another one in.
    }
rules-question-which-houses = Which of my houses may I play?
rules-answer-which-houses = { $min_seeds ->
        [1] Any of your houses that holds seeds; an empty house may not be played.
       *[other] Any of your houses that holds at least { $min_seeds } seeds; a house with fewer may not be played.
    }
rules-question-empty-opposite = { $target ->
        [opposite] What if the house opposite is empty?
        [across] What if the corresponding house is empty?
        [next] What if the corresponding house is empty?
       *[all] What if the corresponding houses are all empty?
    }
rules-answer-empty-opposite = { $empty ->
        [nothing] Nothing is captured: the last seed stays where it landed.
       *[last_seed] Your last seed alone goes to your store.
    }
rules-question-corresponding-house = Where is the corresponding house?
rules-question-capture-side = Can I capture on my own side?
# $side: opponent (of two players), others, own or any.
rules-answer-capture-side = { $side ->
        [opponent] No: only houses on your opponent's side are captured.
        [others] No: only houses on the other players' sides are captured.
        [opponent_first] Only in a chain: the first house a capture takes must be on your opponent's side, and the chain may then go on onto your own side.
        [own] Yes, and only there: captures take houses on your own side.
       *[any] Yes: a house on any side can be captured.
    }
rules-question-extra-turns = Can I get several extra turns in a row?
rules-answer-extra-turns = Yes: each time your last seed earns one, you move again, as often as it keeps happening.
rules-question-feeding = What if my opponent has no seeds left in their houses?
rules-question-no-move = What happens when a player cannot move?
# $rule: cannot_happen, end or pass.
rules-answer-no-move = { $rule ->
        [cannot_happen] It cannot happen: the game ends as soon as a player's houses are all empty, and any house holding seeds may be played.
        [end] The game ends.
       *[pass] They are skipped, and the turn goes on to the next player who can move; the game ends when nobody can.
    }
rules-question-draw = { $players ->
        [2] Can the game end in a draw?
       *[other] Can players share a place?
    }
# $draw: equal_stores, not_if_emptied or share_place.
rules-answer-draw = { $draw ->
        [equal_stores] Yes: when both stores hold as many seeds, the game is a draw.
        [not_if_emptied] Not when a player empties their houses, since that player wins; a game that ends otherwise is a draw when both stores hold as many seeds.
        [equal_houses] Yes: when the game ends with as many seeds left in both players' houses (never when a side is emptied).
       *[share_place] Yes: players whose stores hold as many seeds share a place.
    }

## Issue 30: a limit on the extra moves captures earn (capture_extra_turn_limit)

# $limit: the most extra moves captures earn in one turn.
rules-extra-turn-capture-limit = Captures earn you at most { $limit } { $limit ->
        [one] extra move
       *[other] extra moves
    } in one turn; after that, a capture ends your turn.
