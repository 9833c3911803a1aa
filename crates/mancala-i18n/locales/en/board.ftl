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
board-house-child = { $house }, { $you ->
    [yes] your child
   *[no] { $who }'s child
}
board-house-burnt = { $you ->
    [yes] your house { $house }
   *[no] { $who }'s house { $house }
}, burnt: out of play this round
board-house-barred = { $house }, barred this turn
board-barred-why = Barred this turn: the opponent's last move sowed this house's single seed across the end of the row, and it may not go straight back.
# A house of the other row that a player owns this round (rounds =
# territory): $who/$you its owner, $house its number among the owner's
# houses (what a move names), $row/$row_you the row's player.
board-house-owned = { $you ->
    [yes] your house { $house }
   *[no] { $who }'s house { $house }
}, on { $row_you ->
    [yes] your row
   *[no] { $row }'s row
}, { $seeds ->
    [one] one seed
   *[other] { $seeds } seeds
}
board-store = { $you ->
    [yes] your store
   *[no] { $who }'s store
}, { $seeds ->
    [one] one seed
   *[other] { $seeds } seeds
}

## The header's sound switch (a toggle button: pressed while the sound is on)

board-sound = Sound
