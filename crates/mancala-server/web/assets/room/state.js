// @ts-check
// A room's state on this page, and the one way it changes: `reduce(state,
// message)`, a pure function of the server's messages (docs/protocol.md)
// and of the page's own few events (a move sent, the connection lost).
// Everything the page shows is worked out from this state by the views;
// the facts of the game (whose turn, each seat's side, who was passed
// over, whether the host may start) are the server's.

/**
 * @typedef {{kind: 'house', side: number, number: number} | {kind: 'store', side: number}} Cup
 * @typedef {{
 *   player: string, name: string, away?: boolean,
 *   played_by?: 'computer'|null, level?: number|null,
 * }} Seat
 * @typedef {{seat: number, event: string, by?: 'player'|'computer', reason?: string|null}} RecordEntry
 * @typedef {{
 *   houses: number[][], stores: number[], to: number, ply: number,
 *   pie?: string, resigned: number[], tuzdyk?: number[], children?: number[], barred?: number,
 * }} Position
 * @typedef {{
 *   reason: string, scores: number[], ranks: number[], winner: number|null,
 *   seat_scores: number[], seat_ranks: number[], winner_seat: number|null,
 * }} Outcome
 * @typedef {{seat: number, remaining_ms: number, limit_ms?: number}} Clock
 * @typedef {{number: number, rounds_won: number[], burnt: number[][], first_seq: number,
 *   territory?: import('../board.js').OwnedHouse[][], rules?: string}} Round
 * @typedef {{
 *   id: string, rules: string, events: string[], record: RecordEntry[],
 *   position: Position, to_move: number|null, outcome: Outcome|null,
 *   sides?: number[], clock?: Clock|null, round?: Round|null, legal_moves?: string[],
 * }} Game
 * @typedef {{
 *   code: string, host: string, rules: string, preset?: string|null, house_rules: any,
 *   rotation: boolean, rated: boolean, min_players: number,
 *   turn_seconds: number|null, seats: (Seat|null)[], can_start?: boolean,
 *   spectators: {player: string, name: string}[], game: Game|null,
 *   matched?: boolean, rematch?: number[],
 * }} Room
 * @typedef {{seat: number, player: string, rank: number, rating_before: number, rating_after: number}} RatingChange
 * @typedef {{
 *   kind: 'moved', seat: number, move: string, effect: any,
 *   by: string, reason: string|null, passed: number[],
 * } | {kind: 'started'} | {kind: 'resigned', seat: number} | {kind: 'over'}
 *   | {kind: 'round', round: number}} Said
 * @typedef {{code: string, message: string, args: Record<string, number>}} Refusal
 * @typedef {{
 *   me: string,
 *   room: Room|null,
 *   game: Game|null,
 *   ratings: RatingChange[]|null,
 *   connected: boolean,
 *   failures: number,
 *   pending: boolean,
 *   refusal: Refusal|null,
 *   said: Said|null,
 *   last: {seat: number, move: string, effect: any}|null,
 *   clock: (Clock & {at: number})|null,
 * }} RoomState
 */

/**
 * The state of a room page of player `me` before the server said a word.
 * @param {string} me
 * @returns {RoomState}
 */
export function initialState(me) {
  return {
    me, room: null, game: null, ratings: null, connected: false, failures: 0,
    pending: false, refusal: null, said: null, last: null, clock: null,
  };
}

/**
 * The state after `message`: one of the server's (`welcome`, `room`,
 * `started`, `moved`, `round_started`, `resigned`, `over`, `error`), or the page's own
 * (`sent` a move, `closed` connection). `now` stamps a clock.
 * @param {RoomState} state
 * @param {any} m
 * @param {number} [now]
 * @returns {RoomState}
 */
export function reduce(state, m, now = 0) {
  const next = step(state, m);
  // `clock: {seat, remaining_ms}` on any message (or on a room's game).
  const clock = m.clock !== undefined ? m.clock : m.type === 'room' && m.game ? m.game.clock : undefined;
  if (clock === undefined) return next;
  return { ...next, clock: clock ? { ...clock, at: now } : null };
}

/** @param {RoomState} state @param {any} m @returns {RoomState} */
function step(state, m) {
  switch (m.type) {
    case 'welcome':
      return { ...state, connected: true, failures: 0 };
    case 'closed':
      return { ...state, connected: false, failures: state.failures + 1, pending: false };
    case 'room': {
      // The room's game is the server's whole record: the move list is
      // rebuilt from it every time.
      const game = m.game ? { ...m.game, record: m.game.record || [] } : null;
      const sameGame = !!game && !!state.game && state.game.id === game.id;
      return {
        ...state, room: m, game,
        ratings: sameGame ? state.ratings : null,
        last: sameGame ? state.last : null,
      };
    }
    case 'started':
      return {
        ...state, game: { ...m, record: m.record || [] }, ratings: null, pending: false,
        refusal: null, said: { kind: 'started' }, last: null,
      };
    case 'moved': {
      const game = state.game;
      if (!game) return state;
      const entry = { seat: m.seat, event: m.move, by: m.by, reason: m.reason ?? null };
      return {
        ...state,
        game: {
          ...game, position: m.position, to_move: m.to_move, legal_moves: m.legal_moves,
          sides: m.sides || game.sides, record: [...game.record, entry],
          events: [...game.events, m.move], round: m.round || game.round || null,
        },
        pending: false,
        refusal: null,
        said: {
          kind: 'moved', seat: m.seat, move: m.move, effect: m.effect || {},
          by: m.by, reason: m.reason ?? null, passed: m.passed || [],
        },
        last: { seat: m.seat, move: m.move, effect: m.effect || {} },
      };
    }
    case 'resigned': {
      const game = state.game;
      if (!game) return state;
      const event = `resign ${sideOf(state, m.seat)}`;
      return {
        ...state,
        game: {
          ...game, position: m.position, to_move: m.to_move, legal_moves: m.legal_moves,
          record: [...game.record, { seat: m.seat, event, by: 'player', reason: null }],
          events: [...game.events, event],
        },
        said: { kind: 'resigned', seat: m.seat },
      };
    }
    case 'round_started': {
      // A match of rounds goes on: the next round's start, its burnt
      // houses and the rounds won (docs/protocol.md).
      const game = state.game;
      if (!game) return state;
      return {
        ...state,
        game: {
          ...game, position: m.position, to_move: m.to_move, legal_moves: m.legal_moves, sides: m.sides || game.sides, round: m.round,
        },
        said: { kind: 'round', round: m.round.number },
        last: null,
      };
    }
    case 'over':
      if (!state.game) return state;
      return { ...state, game: { ...state.game, outcome: m.outcome }, ratings: m.ratings || null, said: { kind: 'over' } };
    case 'error':
      return { ...state, pending: false, refusal: { code: m.code, message: m.message, args: m.args || {} } };
    case 'sent':
      return { ...state, pending: true, refusal: null };
    case 'unsent':
      return { ...state, refusal: { code: 'not_connected', message: '', args: {} } };
    default:
      // Later protocol versions may add messages: nothing changes.
      return state;
  }
}

// --- what the state says -------------------------------------------------

/**
 * The seats of this page's player: one, or several in pass and play.
 * @param {RoomState} state
 * @returns {number[]}
 */
export function mySeats(state) {
  if (!state.room) return [];
  return state.room.seats.flatMap((s, i) => (s && s.player === state.me ? [i] : []));
}

/**
 * Whether a game is being played.
 * @param {RoomState} state
 */
export function inProgress(state) {
  return !!state.game && !state.game.outcome && state.game.to_move !== null;
}

/**
 * The seat this page acts for: its player's, or (pass and play) the one
 * of theirs to move; `null` for a spectator.
 * @param {RoomState} state
 * @returns {number|null}
 */
export function mySeat(state) {
  const seats = mySeats(state);
  if (!seats.length) return null;
  const toMove = state.game ? state.game.to_move : null;
  if (inProgress(state) && toMove !== null && seats.includes(toMove)) return toMove;
  return seats[0];
}

/**
 * Whether one person holds several seats here (pass and play).
 * @param {RoomState} state
 */
export function passAndPlay(state) {
  return mySeats(state).length > 1;
}

/**
 * The board side of `seat` in the game (the server's `sides`: they
 * differ from the seats after a pie swap).
 * @param {RoomState} state
 * @param {number} seat
 */
export function sideOf(state, seat) {
  const sides = state.game && state.game.sides;
  return sides && sides[seat] !== undefined ? sides[seat] : seat;
}

/**
 * The seat playing board side `side`.
 * @param {RoomState} state
 * @param {number} side
 */
export function seatOf(state, side) {
  const sides = state.game && state.game.sides;
  if (!sides) return side;
  const seat = sides.indexOf(side);
  return seat < 0 ? side : seat;
}

/**
 * Whether it is this page's turn to choose a move now.
 * @param {RoomState} state
 */
export function myTurn(state) {
  const mine = mySeat(state);
  return inProgress(state) && mine !== null && !!state.game && state.game.to_move === mine && !state.pending;
}

/**
 * Whether seat `seat` of the game has resigned.
 * @param {RoomState} state
 * @param {number} seat
 */
export function resigned(state, seat) {
  return !!state.game && state.game.position.resigned.includes(sideOf(state, seat));
}

/**
 * The rules spec of the board shown: the game's, else the room's (those
 * of a game started now).
 * @param {RoomState} state
 */
export function rulesShown(state) {
  return (state.game && state.game.rules) || (state.room ? state.room.rules : '');
}

/**
 * The burnt houses of the round being played (a match of rounds), per
 * board side; none outside a match.
 * @param {RoomState} state
 * @returns {number[][]}
 */
export function burntHouses(state) {
  const round = state.game && state.game.round;
  return round && Array.isArray(round.burnt) ? round.burnt : [];
}

/**
 * In a round whose houses changed hands (`rounds = territory`), who owns
 * each house of the board as drawn, per row (the protocol's
 * `round.territory`); null for other games.
 * @param {RoomState} state
 * @returns {import('../board.js').OwnedHouse[][]|null}
 */
export function territoryOf(state) {
  const round = state.game && state.game.round;
  return round && Array.isArray(round.territory) ? round.territory : null;
}

/**
 * The rules the round being played is played under, as a spec: the
 * round's own (`round.rules`, a territory round's wider board) or the
 * room's.
 * @param {RoomState} state
 * @returns {string}
 */
export function roundRules(state) {
  const round = state.game && state.game.round;
  if (round && typeof round.rules === 'string') return round.rules;
  return state.room ? state.room.rules : '';
}
