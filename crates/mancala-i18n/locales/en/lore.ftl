# The rules pages (`/rules/<game>`, web/assets/rules.js): their own
# words (section titles, the site's defaults and house rules tables),
# and what is written rather than worked out from the rules: each
# preset's history (`lore-<preset>-history`, from docs/games.md,
# docs/rules.md and the seed documents) and its common variants
# (`lore-<preset>-variants`, one per line, shown as a list). The rules
# themselves are the engine's, in rules.ftl.

## The page

lore-page-title = { $game }: rules and how to play
lore-play = Play these rules now
lore-all-games = All the games
lore-custom-lead = Rules of your own, as the engine reads them:
lore-section-aim = Aim
lore-section-history = About the game
lore-section-setup = Setup
lore-section-play = How to play
lore-section-winning = Winning and scoring
lore-section-variants = Common variants
lore-section-site = This site's defaults
lore-section-house-rules = House rules
lore-section-glossary = Glossary
lore-section-questions = Questions and answers

## This site's defaults (GET /api/site, and the room a game's rules make)

lore-site-item = Item
lore-site-default = This site's default
lore-site-players = Players
# $range: fixed (only $min) or range.
lore-site-players-value = { $range ->
        [fixed] { $min }
       *[range] { $min } to { $max }, set by the size of the group
    }
lore-site-turn = Time per turn
# $choices: the times besides none, as an "or" list of numbers; $count: how many.
lore-site-turn-value = { $count ->
        [0] None
       *[other] None by default (the host may set { $choices } seconds)
    }
lore-site-dropped = If someone drops out mid-game
lore-site-dropped-value = Opening the game again on the same device gets the same seat back. If they are not back within { $seconds ->
        [one] { $seconds } second
       *[other] { $seconds } seconds
    }, the computer plays for them.
lore-site-draw = If it is a draw
# $score: what a draw scores for the rating, a win being 1.
lore-site-draw-value = In rated games, a draw counts { $score ->
        [0.5] halfway between a win and a loss
       *[other] as { $score } of a win
    } for your rating (Glicko-2).
lore-site-rotation = First player
# $rotation: on or off.
lore-site-rotation-value = { $rotation ->
        [on] Changes after each game by default (the host may turn this off)
       *[off] Stays the same by default (the host may make it change after each game)
    }

## House rules (the Kalah house rules of GET /api/site)

lore-house-rules-intro = The defaults follow the standard rules; the group may change them when the room is made.
lore-house-rules-name = Name
lore-house-rules-details = Details
lore-house-rules-default = Default
lore-house-rules-changeable = Changeable
lore-house-rules-yes = Yes
lore-house-rules-houses = Houses each
# One choice of houses: $houses, and the player counts it suits.
lore-house-rules-houses-choice = { $houses } with { $players } players
# $choices: the choices above as an "and" list; $fallback: the count
# that replaces a choice that does not suit the players.
lore-house-rules-houses-details = { $choices }. A choice that does not suit the number of players becomes { $fallback }.
lore-house-rules-seeds = Seeds per house
lore-house-rules-seeds-details = The seeds in each house at the start: { $choices }. Fewer seeds make a shorter game.
lore-house-rules-capture = Whose seeds a capture takes
# $players: the player counts the choice is for; $choices: the choices' words.
lore-house-rules-capture-details = Only with { $players } players: when your last seed lands in an empty house of yours, whose corresponding houses you take: { $choices }. With three players nobody sits across, so the player across is the next player.
lore-house-rules-rotation = First-player rotation
lore-house-rules-rotation-details = After each game, the player who moved first changes.
lore-on = On
lore-off = Off

## Each game: its history, and its common variants (one per line)

lore-kalah-history = Kalah was designed in 1940 by William Julius Champion Jr., a Yale graduate, after Dakon, a game of Java. He sold sets from 1944, took out patents in 1952 and 1955, and founded the Kalah Game Company in Holbrook, Massachusetts, in 1958. Sold as Mancala in North America and as Kalaha in German-speaking Europe, it is the mancala most people in the West know. Computers have solved the game of six houses with four and with five seeds a house: with perfect play the first player wins.
lore-kalah-variants =
    Three to six seeds a house: four is usual, three for beginners, five or six in Champion's expert rule. More seeds make a longer game.
    Some rules capture the last seed even when the corresponding house is empty; others end the game only when the player to move cannot move, or let the seeds left on the board count for nobody.
    The pie rule, in competitive play online: after the first move, the second player may swap sides.

lore-oware-history = Oware is a mancala of West Africa, also known as Awale and Awari, and as Ayo in Nigeria. The rules here are the ones called Abapa. In 2002 the computer scientists Romein and Bal showed, after working through 889 billion positions, that the game is a draw when both players play perfectly.
lore-oware-variants =
    Wari, another name for the game in West Africa, lets a grand slam capture like any other move; other rule sheets forbid it.
    Some descriptions start with four to six seeds in each house.

lore-modiar-history = Modiar is a children's game of the farming villages around Tangier, in northern Morocco. The board game researcher Jordi Climent recorded it in December 2012, from Lobna Charrabi of the village of Charba. Children play it outdoors, on six small holes dug in hard ground, with pebbles as seeds.
lore-modiar-variants =
    Sowing the first seed back into the house just emptied is shared with mancala games of the Sahara such as Koumma and Tihbat.

lore-al-manqala-history = Al-manqala, from an Arabic root meaning to move, is the mancala of the Palestinian communities of the Galilee, played mostly by men in coffee houses and travellers' inns. Moslih Kanaaneh, a sociologist and anthropologist of Birzeit University from Arrabeh in the Lower Galilee, recorded it in 2007. The Oxford orientalist Thomas Hyde described an almost identical Arabic game in 1694, and Stewart Culin found the same game of two rows of seven played in the cafés of Damascus two centuries later.
lore-al-manqala-variants =
    Close relatives are the Turkish Mangala and the Iraqi Halusa (on this site: six houses of six seeds, even counts captured on your own side).
    In Damascus the same game was called La'b Hakimi, the rational game, and La'b Akila, the intelligent game.

lore-mancala-basic-history = Mancala basic is the mancala for beginners that the Japan Recreation Association spreads in Japan. Seeds are sown into every store and nothing is captured: the first player to empty their own houses wins, so a game is short and easy to learn.
lore-mancala-basic-variants =
    Kalah, the form played round the world, sows only into your own store, captures from an empty house of yours, and is won by the most seeds in your store.

lore-mankalah-history = Manchester Kalah is Kalah as the game engine of the University of Manchester plays it: seven houses of seven seeds, the pie rule, and no extra turn for the very first move. Programs, called agents, play one another through that engine.
lore-mankalah-variants =
    Standard Kalah: six houses of four seeds, an extra turn from the very first move, and no pie rule.

lore-wari-history = Wari, also written Warri or Ouri, is played in West Africa (Mali, Senegal, Ghana) and in the Caribbean, and many books use the name for Oware itself. Its rules are Oware's but for the grand slam: a move that takes every seed on the opponent's side captures as usual.
lore-wari-variants =
    Some rule sheets forbid capturing all of the opponent's seeds.
    A few children's rule sheets sow clockwise, or end the game when a side is empty.

lore-songo-history = Songo is the game of the Ekang, or Fang, of Cameroon, Gabon and Equatorial Guinea, and Akong in Equatorial Guinea. These are the rules of Laurence Russ's book of 1984: seeds sown clockwise on two rows of seven houses of five, houses of two or four on the opponent's side captured in a chain.
lore-songo-variants =
    Tournament Songo, as S. Mbarga Owona described it in 2005, captures on two, three and four, and never from the opponent's first house.
    Songo Ewondo sows a house of fourteen seeds or more once round the board, then only on the opponent's side.

lore-cross-kalah-history = Cross-Kalah is a modern game, invented by William Daniel Troyka in Boston in 2001 and played online on igGameCenter. It is Kalah except for the direction: a house holding an odd number of seeds is sown clockwise, one holding an even number counter-clockwise.
lore-cross-kalah-variants =
    Three to six seeds a house are used, six by experts.
    One description gives the opposite directions: odd counts counter-clockwise, even counts clockwise.

lore-toguz-kumalak-history = Toguz Kumalak, nine pebbles in Kazakh, or Toguz Korgool in Kyrgyz, is played in Kazakhstan and Kyrgyzstan and is a sport of the World Nomad Games, whose rules these are. Each player's store is a kazan, and the house a player may win once a game on the opponent's side is a tuzdyk.
lore-toguz-kumalak-variants =
    Toguz Xorgol, in Russ's book, is a different game: sown clockwise, it captures even counts of four or more.

lore-bohnenspiel-history = Das Bohnenspiel, the bean game, was played in Germany, among others by the Baltic Germans of today's Estonia. It is of Persian origin and related to the Turkish Mangala and to Halusa. A German handbook of games described it in 1937.
lore-bohnenspiel-variants =
    In the 1937 handbook, a player who cannot move ends the game and the other player takes all the beans; here the player who moved last takes them, which comes to the same.

lore-ayoayo-history = Ayoayo, or Ayo Olopon, is a game of the Yoruba of Nigeria; it is not Ayo, the Nigerian name for Oware. Its sowing goes on: a last seed in a house that held seeds lifts that house and sows on, until the last seed falls into an empty house.
lore-ayoayo-variants =
    Some descriptions leave the capturing seed on the board instead of taking it with the captured seeds.
    When no move can feed the opponent, some give the seeds left to the player who moved last.

lore-endodoi-history = Endodoi, or En Dodoi, is a game of the Maasai of Kenya and Tanzania. It plays like Ayoayo, with relay sowing and captures from the house across, but on two rows of eight houses, without the duty to feed, and without skipping the emptied house.
lore-endodoi-variants =
    Boards vary widely: two rows of six houses with 48 seeds, two rows of ten, and three to six seeds a house.

lore-dakon-history = Dakon, also Dhakon or Dhakonan, is the game of Java, in Indonesia, closely related to Congkak; Kalah was made after it in 1940. It is played in rounds: after a round the players refill their houses from their winnings, and the houses that cannot be filled are out of the next round. Here one round is one game.
lore-dakon-variants =
    Mikul, a second capture of the Javanese game: a last seed in an empty house on the opponent's side takes the two houses beside it when they hold as many seeds.
    Boards have five to nine houses a side; seven is the standard.
    Some books sow counter-clockwise.

lore-ohvalhu-history = Ohvalhu, Ohvalhu gondi or Ovalhu, eight holes, is the game of the Maldives; Culin called it Naranj in 1894. It plays like Dakon, but a player who cannot move ends the round instead of passing. It is played in rounds; here one round is one game.
lore-ohvalhu-variants =
    Boards of six, seven, eight or ten houses a side, with as many seeds in each; eight is the standard.

lore-congkak-history = Congkak, Congklak in Indonesia, is played in Malaysia, Brunei, Singapore, Indonesia and southern Thailand, and is related to the Sungka of the Philippines and to Dakon. Traditionally both players make the opening sowing at the same time; here the first player moves first. It is played in rounds; here one round is one game.
lore-congkak-variants =
    In Indonesia a player may capture only after their sowing has gone once round the board.
    Some rule sheets leave the capturing seed on the board.
    In the rounds, houses that cannot be filled again are burnt, out of play.

lore-vai-lung-thlan-history = Vai Lung Thlan (lung is stone, thlan is grave) is the game of the Mizo of Mizoram, in India, and of the lands of Myanmar and Bangladesh beside it. J. Shakespear recorded it in 1912. A last seed alone in a house captures it, with the unbroken run of single seeds behind it.
lore-vai-lung-thlan-variants =
    Some describe the sowing as passing over its own house when it goes all the way round.
    One description chains only the seeds that fell into empty houses during this sowing.

lore-longbeu-a-cha-history = Longbeu-a-cha, stone hole game, is a game of the Lakher of southern Assam, in India, and of western Myanmar, recorded by N. E. Parry in 1932. Sowing goes on from the house after the last one, and the house beyond an empty one is captured, again and again while the pattern repeats.
lore-longbeu-a-cha-variants =
    Some versions add the capture of Pallanguzhi: a house that reaches four seeds while seeds are sown.
    Walak-pussa is a similar game.

lore-pallanguzhi-history = Pallanguzhi (Pallankuli or Pallanguli in Tamil, Kuzhipara in Malayalam, Vamana guntalu in Telugu) is played in Tamil Nadu and Kerala, in Sri Lanka and in Malaysia; Durai described it in 1928. A house that reaches four seeds while seeds are sown, the pasu, is taken at once by the owner of its side. It is played in rounds; here one round is one game.
lore-pallanguzhi-variants =
    Seeds per house differ: six in most accounts, also four or five, or twelve with two in the middle houses.
    The pasu is four seeds in most accounts and six in one, and one account gives it to the player sowing.
    Durai's game of 1928 lifts the last house when it is full and takes the next house when the last one is empty.

lore-pandi-history = Pandi is the name in Russ's book for Ali Guli Mane, also Aligulimane, Alaguli Mane or Channe Mane in Kannada, played in Karnataka and Tamil Nadu. Sowing goes on from the house after the last one; when that house is empty, the house beyond it and the house opposite are captured, and the player who captured sows again. It is played in rounds; here one round is one game.
lore-pandi-variants =
    Russ's Pandi also takes houses that reach four seeds while seeds are sown, and gives no second sowing.
    Ali Guli Mane gives only one more sowing a turn; here every capture gives another.

lore-halusa-history = Halusa, or Halusi, is a game of Iraq: Thomas Hyde described it in 1694, as played at Tell Umayr, south of Baghdad. In 1819 H. A. S. Dearborn found Mangala and Halusa played in Aleppo beside backgammon and chess. It is related to Al-manqala, Mangala and Bohnenspiel.
lore-halusa-variants =
    Al-manqala, its close relative: two rows of seven houses of seven seeds, captures of two or four on either side.

lore-ot-tjin-history = Aw-li On-nam Ot-tjin, play on-nam fish, or Otjin, is a game of the Penihing of Borneo, in Indonesia, recorded by C. Lumholtz in 1920. A last seed that makes a house hold three fishes it; a last seed in an empty house ends the move with nothing, a gok.
lore-ot-tjin-variants =
    Two to five seeds a house, the capture count then equal to it.
    One account counts two rows of nine houses on Lumholtz's drawing, and sows counter-clockwise.
