# The board's words: the accessible names of its cups, what a screen
# reader says of them. $who is the owner's name or "You" ($you = yes or no).

board-label = The board
board-house = { $you ->
    [yes] your house { $house }
   *[no] { $who }'s house { $house }
}, { $seeds ->
    [one] one seed
   *[other] { $seeds } seeds
}
board-house-tuzdyk = { $house }, { $you ->
    [yes] your
   *[no] { $who }'s
} tuzdyk
board-house-burnt = { $you ->
    [yes] your house { $house }
   *[no] { $who }'s house { $house }
}, burnt: out of play this round
board-store = { $you ->
    [yes] your store
   *[no] { $who }'s store
}, { $seeds ->
    [one] one seed
   *[other] { $seeds } seeds
}

## The header's sound switch (a toggle button: pressed while the sound is on)

board-sound = Sound
