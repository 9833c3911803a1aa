# The games: each preset's name (`game-<preset>`) and a line that says
# what sets it apart (`game-<preset>-summary`). Names stay as the game's
# players say them.

game-kalah = Kalah
game-kalah-summary = Sow through your own store; the last seed there gives another turn, and the last seed in an empty house of yours captures the house opposite.
game-oware = Oware
game-oware-summary = No stores on the way round: make houses of 2 or 3 on your opponent's side and capture them in a chain, and never leave your opponent without seeds.
game-modiar = Modiar
game-modiar-summary = A children's game of northern Morocco: 2×3 houses of 7 seeds, single seeds cannot move, captures of 2, 4 or 6.
game-al-manqala = Al-manqala
game-al-manqala-summary = The coffee-house game of the Galilee: 2×7 houses of 7 seeds, captures of 2 or 4 on either side.
game-mancala-basic = Mancala basic
game-mancala-basic-summary = Japan's mancala for beginners: sow into every store, no captures, and whoever empties their side first wins.
game-mankalah = Manchester Kalah
game-mankalah-summary = Kalah with 7 houses of 7 seeds and the pie rule, as played by the University of Manchester's engines.
game-wari = Wari
game-wari-summary = Oware whose grand slam captures like any other move.
game-songo = Songo
game-songo-summary = Cameroon's game: 2×7 houses of 5 seeds sown clockwise, chain captures of 2 or 4.
game-cross-kalah = Cross-Kalah
game-cross-kalah-summary = A modern Kalah (2001) in which an odd number of seeds is sown clockwise and an even number counter-clockwise.
game-toguz-kumalak = Toguz Kumalak
game-toguz-kumalak-summary = Kazakhstan's and Kyrgyzstan's game: 2×9 houses of 9 seeds, even captures, and one tuzdyk each.
game-bohnenspiel = Bohnenspiel
game-bohnenspiel-summary = The bean game of the Baltic Germans: 2×6 houses of 6 beans, chain captures of 2, 4 or 6 on either side.
game-ayoayo = Ayoayo
game-ayoayo-summary = The Yoruba game of Nigeria: relay sowing, opposite captures, and you must feed your opponent.
game-endodoi = Endodoi
game-endodoi-summary = The Maasai game of Kenya and Tanzania: 2×8 houses, relay sowing and opposite captures.
game-dakon = Dakon
game-dakon-summary = Java's game, one round: 2×7 houses of 7 seeds, relay sowing clockwise through the stores.
game-ohvalhu = Ohvalhu
game-ohvalhu-summary = The Maldives' game, one round: 2×8 houses of 8 seeds, relay sowing through the stores.
game-congkak = Congkak
game-congkak-summary = Malaysia's and Indonesia's game, one round: 2×7 houses, relay sowing clockwise through the stores.
game-vai-lung-thlan = Vai Lung Thlan
game-vai-lung-thlan-summary = Mizoram's game: sown clockwise, chain captures of single seeds.
game-longbeu-a-cha = Longbeu-a-cha
game-longbeu-a-cha-summary = Assam's game: 2×5 houses, relay from the next house, captures across an empty house.
game-pallanguzhi = Pallanguzhi
game-pallanguzhi-summary = Tamil Nadu's game, one round: 2×7 houses of 6 seeds, relay from the next house, captures across an empty house.
game-pandi = Pandi
game-pandi-summary = Ali Guli Mane of Karnataka: 2×7 houses of 5 seeds, relay from the next house, captures across an empty house and opposite.
game-halusa = Halusa
game-halusa-summary = Iraq's game, recorded in 1694: chain captures of even counts on your own side, and you must feed your opponent.
game-ot-tjin = Ot-tjin
game-ot-tjin-summary = A game of the Penihing of Borneo: 2×10 houses of 3 seeds, relay sowing clockwise that a capture of 3 ends.
