# The server's refusals as people read them: `error-<code>` for every
# code of docs/protocol.md ("Error codes"), with the refusal's facts as
# arguments ($seat is "Seat 2", or for not-your-turn the name of the seat to move).

error-unknown = Something went wrong ({ $code }).
error-not-connected = Not connected: try again in a moment.
error-internal = The server ran into a problem. Try again in a moment.
error-no-such-room = There is no such room: check the invite link.
error-unauthorized = This device's player is not known here.
error-bad-name = A name has at most { $max } characters, none of them a line break.
error-bad-rules = These rules cannot be played.
error-bad-option = That choice is not on offer.
error-bad-position = That position cannot happen in these rules.
error-bad-message = The server did not understand the page. Reload it.
error-bad-body = The server did not understand the page. Reload it.
error-bad-query = The server did not understand the page. Reload it.
error-no-such-player = There is no such player.
error-too-large = The page sent too much at once. Reload it.
error-not-hello = The server did not understand the page. Reload it.
error-version = This page is older than the server. Reload it.
error-not-host = Only the host can do that.
error-not-seated = You have no seat in this room.
error-not-your-seat = That seat is not yours.
error-not-your-turn = It is { $seat }'s turn.
error-no-such-seat = There is no such seat.
error-seat-taken = { $seat } is taken.
error-already-seated = You already sit in this room.
error-seat-empty = { $seat } is empty: every seat must be taken.
error-too-few-players = { $seated } seated: a game here takes at least { $min } players.
error-game-in-progress = A game is being played: wait for its end.
error-no-game = No game is being played.
error-bad-move = That is not a move.
error-illegal = That move is not allowed now.
error-forbidden-origin = Another site's page cannot play here.
error-bad-origin = The server is set up wrongly.
error-rate-limited = Too many actions at once: slow down a little.
error-flooding = Too many actions: the connection was closed.
error-too-many-requests = Too many new players or rooms from this network: try again in { $retry_after } seconds.
error-too-many-connections = Too many connections from this network: close a tab and try again.
error-server-full = The server is full: try again in a moment.
error-room-moved = This room moved to another server: reconnecting.
error-bad-cpu = The server is set up wrongly.
error-bad-level = A computer level is { $min } to { $max }.
error-bad-turn-seconds = That time per turn is not on offer.

# The players' pages and the replays.
error-no-such-game = There is no such game.
# The queue's refusals (queue-).
error-no-such-queue = There is no such game to play now.
error-not-queued = You are not waiting for that game.
error-not-offered = The computer is offered after { $seconds } seconds of waiting.
