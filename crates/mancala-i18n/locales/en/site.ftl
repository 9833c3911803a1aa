# The page's own words: the header, the home page and the rooms, grouped
# by the view that shows them. `board.ftl` holds the board's words,
# `rules.ftl` the rules in words, `games.ftl` the games' names,
# `errors.ftl` the server's refusals.
#
# Arguments: $who is a name or "You" (with $you = yes or no, so that a
# sentence can be worded for the reader); numbers are numbers, formatted
# by the language.

## The header and every page

site-title = Mancala
site-lead = Sow seeds, capture, and fill your store: mancala with family and friends, in the browser, free and without registering.
site-language = Language
site-nav = The site
site-nav-rules = Rules of the games
site-home = Home
site-loading = Loading…
site-noscript = This page needs JavaScript. The game in a terminal needs nothing: mancala play.
site-server-unreachable = Cannot reach the server. Check the connection and reload the page.
site-rules-failed = Cannot load the rules. Reload the page to try again.
site-custom-rules = Custom rules
site-you = You

## The home page

site-default-name = Player { $number }
site-your-name = Your name
site-rename = Rename
site-renamed = Saved.
site-not-renamed = Not renamed: { $error }
site-play-computer = Play the computer
site-play-friends = Play with friends
site-rules = Rules
site-preset-note = { $summary } { $range ->
    [fixed] { $max } players.
   *[range] { $min } to { $max } players.
}
site-level-label = Level
site-level-choice = { $end ->
    [easiest] { $level } (easiest)
    [strongest] { $level } (strongest)
   *[other] { $level }
}
site-rule-set = A rule set
site-house-rules = Kalah house rules
site-house-rules-note = Sow counter-clockwise through your own store; the last seed in your store gives another turn; the last seed in an empty house of yours captures the corresponding houses. 2 to 4 players: the count follows who sits down.
site-houses-label = Houses
site-houses-choice = { $houses } ({ $players } players)
site-seeds-label = Seeds
site-seeds-choice = { $seeds } a house
site-capture-label = Captures (3-4 players) take from
site-capture-choice = { $capture ->
    [opposite] the player across
    [all] all the others
   *[next] the next player
}
site-rotation = Rotate the first player at each rematch
site-turn-label = Time per turn
site-turn-none = none
site-turn-seconds = { $seconds } s
site-rated = Rated (changes ratings)
site-create-room = Create a room
site-not-created = Not created: { $error }
site-join-room = Join a room
site-invite-link = Invite link
site-join = Join
site-not-an-invite = That is not an invite link (it ends with /r/ and 32 letters and digits).
site-games = Rules of the games
site-leaderboard = Leaderboard
site-no-rated-games = No rated games yet.
site-leaderboard-failed = Cannot load the leaderboard.
site-player = Player
site-rating = Rating
site-games-played = Games
site-rating-value = { $rating } ± { $deviation }

## A room: its details

site-copy = Copy
site-copied = Invite link copied.
site-copy-by-hand = Select the link and copy it (Ctrl+C).
site-room-summary = Room: { $players ->
    [one] one player
   *[other] { $players } players
}{ $watching ->
    [0] {""}
    [one] , one watching
   *[other] , { $watching } watching
}
site-how-to = How to play these rules
site-rules-link = The rules of { $game }
site-option-players = { $players } players
site-option-houses = { $houses ->
    [one] one house
   *[other] { $houses } houses
}
site-option-seeds = { $seeds ->
    [one] one seed
   *[other] { $seeds } seeds
}
site-option-rated = rated
site-option-casual = casual
site-option-turn = { $seconds } s a turn
site-option-no-clock = no time limit
site-option-rotation = first player rotates
site-option-capture = captures from { $capture ->
    [opposite] the player across
    [all] all the others
   *[next] the next player
}
site-seats = Seats
site-seat-number = Seat { $seat }
site-seat-empty = empty
site-seat-you = { $name } (you)
site-name-and-seat = { $name } (seat { $seat })
site-no-name = (no name)
site-computer-level = Computer (level { $level })
site-sit = Sit here
site-sit-also = Sit here too
site-sit-also-title = Pass and play: you play this seat too, on this device
site-tag-host = host
site-tag-away = away
site-tag-takeover = computer playing for { $name }
site-seat-clear = Empty the seat
site-stand = { $seats ->
    [one] Stand up
   *[other] Stand up (all your seats)
}
site-level-for-seat = Computer level for seat { $seat }
site-level = level { $level }
site-computer = Computer
site-watching = Watching: { $names }.
site-you-watch = You are watching.
site-reconnecting = Reconnecting…
site-cannot-join = Cannot join this room: it does not exist, or the server cannot be reached. Trying again…
site-page-failed = Something went wrong on this page: { $error }

## A room: the buttons

site-start = Start the game
site-rematch = Rematch
site-start-needs-all = Every seat must be taken.
site-start-needs = At least { $min } players (people or computers) must be seated.
site-wait-start = Waiting for the host to start.
site-wait-rematch = Waiting for the host to start a rematch.
site-resign = Resign
site-resign-confirm = Really resign?
site-swap = Swap sides (pie rule)
site-turn-board = Pass and play: turn the board to the player to move

## A room: whose turn, what happened

site-to-move-not-started = The game has not started.
site-to-move-over = Game over.
site-to-move-you = Your turn ({ $name }).
site-to-move-other = { $who } to move.
site-clock = Clock: { $you ->
    [yes] you have
   *[no] { $who } has
} { $seconds } s.
site-said-started = The game started.
site-said-started-first = The game started: { $you ->
    [yes] you move first.
   *[no] { $who } moves first.
}
site-said-move = { $who }{ $played ->
    [takeover] {" "}(the computer, away)
    [timeout] {" "}(the computer, out of time)
    [resigned] {" "}(the computer, resigned)
   *[self] {""}
} played house { $house }.
site-said-swap = { $who }{ $played ->
    [takeover] {" "}(the computer, away)
    [timeout] {" "}(the computer, out of time)
    [resigned] {" "}(the computer, resigned)
   *[self] {""}
} swapped sides.
site-said-relays = The sowing went on from { $relays ->
    [one] another house
   *[other] { $relays } more houses
}.
site-said-capture = { $you ->
    [yes] You capture
   *[no] { $who } captures
} { $seeds ->
    [one] one seed
   *[other] { $seeds } seeds
}.
site-said-tuzdyk = { $you ->
    [yes] Your
   *[no] { $who }'s
} tuzdyk is now { $cup }.
site-said-child = { $cup } becomes { $you ->
    [yes] your child: { $seeds ->
        [one] its one seed goes
       *[other] its { $seeds } seeds go
    } to your store.
   *[no] { $who }'s child: { $seeds ->
        [one] its one seed goes
       *[other] its { $seeds } seeds go
    } to { $who }'s store.
}
site-said-extra-turn = Extra turn: { $you ->
    [yes] you move
   *[no] { $who } moves
} again.
site-said-passed = { $who } cannot move and { $you ->
    [yes] are
   *[no] { $count ->
        [one] is
       *[other] are
    }
} passed over.
site-said-resigned = { $who } resigned.
site-cup-nowhere = nowhere
site-cup-store = { $you ->
    [yes] your store
   *[no] { $who }'s store
}
site-cup-house = { $you ->
    [yes] your house { $house }
   *[no] { $who }'s house { $house }
}
site-preview = House { $house }: the last seed lands in { $cup }{ $seeds ->
    [0] {""}
    [one] , capturing one seed
   *[other] , capturing { $seeds } seeds
}{ $again ->
    [yes] , for an extra turn
   *[no] {""}
}.
# The preview of a move that makes a child (children, docs/rules.md
# section 5): no capture, said after site-preview.
site-preview-child = It makes { $cup } your child ({ $seeds ->
    [one] one seed
   *[other] { $seeds } seeds
} to your store).
# A click on a house barred this turn (no_undo, docs/rules.md section 4).
site-barred-why = House { $house } is barred this turn: the opponent's last move sowed its single seed across the end of the row, and it may not go straight back.
# The two arrows offered on a house whose sowing direction the player
# chooses (direction_choice, docs/rules.md section 3): each arrow's
# accessible name, and the name of the pair.
site-sow-cw = Sow house { $house } clockwise
site-sow-ccw = Sow house { $house } counter-clockwise
site-sow-way = Which way to sow house { $house }
# A house and the direction chosen, in a list of moves: "3 ↻"
# (clockwise) or "3 ↺" (counter-clockwise). $dir: cw or ccw.
site-house-way-short = { $house } { $dir ->
    [cw] ↻
   *[ccw] ↺
}
# As site-said-move, for a house and the direction chosen.
site-said-move-way = { $who }{ $played ->
    [takeover] {" "}(the computer, away)
    [timeout] {" "}(the computer, out of time)
    [resigned] {" "}(the computer, resigned)
   *[self] {""}
} played house { $house } { $dir ->
    [cw] clockwise
   *[ccw] counter-clockwise
}.
# As site-preview, for a house and the direction chosen.
site-preview-way = House { $house } { $dir ->
    [cw] clockwise
   *[ccw] counter-clockwise
}: the last seed lands in { $cup }{ $seeds ->
    [0] {""}
    [one] , capturing one seed
   *[other] , capturing { $seeds } seeds
}{ $again ->
    [yes] , for an extra turn
   *[no] {""}
}.

## A room: the moves and the result

site-moves = Moves
site-move = { $who }: { $house }{ $played ->
    [takeover] {" "}(computer, away)
    [timeout] {" "}(computer, out of time)
    [resigned] {" "}(computer, resigned)
   *[self] {""}
}
site-move-swap = { $who }: swapped sides
site-move-resigned = { $who } resigned
site-move-agreement = The players agreed to end the game
site-result-draw = Game over: a draw for first place.
site-result-win = Game over: { $you ->
    [yes] you win!
   *[no] { $who } wins.
}
site-rank = { NUMBER($rank, type: "ordinal") ->
    [one] { $rank }st
    [two] { $rank }nd
    [few] { $rank }rd
   *[other] { $rank }th
}: { $who }, { $seeds ->
    [one] one seed
   *[other] { $seeds } seeds
}
site-rating-change = rating { $before } → { $after } ({ $change })
site-ended-by = Ended by { $reason }.
site-end-any-side-empty = a side left empty
site-end-no-legal-move = a player with no legal move
site-end-majority = a majority of the seeds
site-end-empty-first = a player emptying their houses first
site-end-repetition = a position coming back
site-end-few-seeds = few seeds left in the houses
site-end-cannot-feed = a player who could not be fed
site-end-starved = a starving player claiming the board
site-end-resignation = resignation
site-end-agreement = agreement
site-end-take-all = a player left with no seed in their houses

## The players' pages and the replays (issue 29)
replay-title = { $game }: replay
replay-room-game = Game { $number } of its room, { $date }
replay-players = Players
replay-first = First move
replay-back = Back
replay-forward = Forward
replay-last = Last move
replay-ply = { $ply ->
    [0] Start of the game ({ $plies } moves)
   *[other] Move { $ply } of { $plies }
}
replay-moves = Moves
replay-start = Start of the game
replay-round-start = Start of round { $round }
replay-live = This game is still being played: new moves appear here.
replay-export = Save this game:
replay-export-json = for programs
replay-export-text = as one line of text
replay-failed = This game could not be loaded.
replay-link = Replay this game
replay-step-back = Look back
replay-to-live = Back to the game
replay-looking-back = You are looking at move { $ply } of { $plies }.
replay-analysis = The engine's verdict
replay-analysis-waiting = The analysis is not ready yet.
replay-analysis-failed = The analysis could not be made.
replay-verdict = { $verdict ->
    [best] best move
    [inaccuracy] inaccuracy
    [mistake] mistake
   *[blunder] blunder
}
replay-exact = exact
replay-estimate = estimate
replay-best = Best move: { $move }
replay-loss = { $loss } seeds lost
replay-chart = Value of the position after each move, for { $who }
replay-chart-loss = Seeds lost by each move
player-rating = Rating { $rating } ± { $deviation }
player-rated-games = { $games ->
    [one] { $games } rated game
   *[other] { $games } rated games
}
player-chart = Rating after each rated game
player-chart-empty = No rated game yet.
player-record = Wins, draws and losses
player-game = Game
player-wins = Wins
player-draws = Draws
player-losses = Losses
player-record-empty = No finished game yet.
player-games = Games
player-games-none = No game yet.
player-more = More games
player-result = { $result ->
    [win] won
    [draw] draw
    [loss] lost
   *[none] being played
}
player-with = with { $names }
player-failed = This player's page could not be loaded.
# Play now: the queue that seats strangers together (queue-).
queue-title = Play now
queue-lead = Play someone on the site: you are seated together as soon as another player comes.
queue-game = Game
queue-game-house = Kalah (house rules)
queue-players = Players
queue-players-choice = { $players } players
queue-rated = Rated (changes ratings)
queue-play-now = Play now
queue-waiting = Looking for players: { $game }, { $players } players, { $rated ->
    [yes] rated
   *[no] casual
}.
queue-countdown = { $seconds ->
    [one] The computer is offered in 1 second.
   *[other] The computer is offered in { $seconds } seconds.
}
queue-offer = Nobody has come yet. Play the computer (level { $level }) instead? { $computers ->
    [one] It takes the other seat.
   *[other] It takes the other { $computers } seats.
}
queue-accept-computer = Play the computer
queue-keep-waiting = Keep waiting
queue-leave = Stop waiting
queue-counts-title = On the site now
queue-count-line = { $game }: { $waiting } waiting · { $playing } playing
queue-counts-none = Nobody is waiting or playing right now.
queue-failed = The queue cannot be reached: { $error }
queue-rematch-asked = You asked for a rematch: it starts when everyone has.
queue-requeue = Play someone new

## A match of rounds (docs/rules.md section 8a): the round being played,
## the rounds each seat won, a new round said in the live region.

site-round = Round { $round }
site-rounds-won-seat = { $who } { $won }
site-rounds-won = Rounds won: { $seats }
# Under the board in a round whose houses changed hands (rounds =
# territory): $yours houses of the player's are on the other row (marked
# ▼ there), $theirs houses of their row are the opponent's (marked ▲).
site-territory-note = Houses changed hands this round: { $yours ->
    [0] none of yours is on the other row
    [one] one of yours is on the other row (▼)
   *[other] { $yours } of yours are on the other row (▼)
}; { $theirs ->
    [0] none of your row is your opponent's.
    [one] one house of your row is your opponent's (▲).
   *[other] { $theirs } houses of your row are your opponent's (▲).
}
site-said-round = Round { $round } begins: { $you ->
    [yes] you move first.
   *[no] { $who } moves first.
}
