// @ts-check
// A game's page, `/g/ID` (`#N`: after its event N; `#round-K`: the start
// of round K of a match): the board, the move list and controls to step
// through the game (first, back, forward, last; the arrow keys, Home and
// End), each step forward sown as in play. A match of rounds is stepped
// through round after round: between the last event of a round and the
// first of the next, the board shows the next round's start with its
// burnt houses, and the move list is grouped by round. The page holds no
// rules: GET /api/games/ID gives every event with the position after it
// and the sowing's steps (the engine's), and each round's start. A game
// still being played is read again every few seconds. When the server
// has analysed the game (GET /api/games/ID/analysis), each move's
// verdict, an evaluation chart (of the round shown, in a match) and the
// best move on the board are shown.

import { ApiError, request } from './api.js';
import { Board, barredHouse } from './board.js';
import { chart } from './chart.js';
import { houseShort, moveHouse, parseMove } from './direction.js';
import { h, replace } from './dom.js';
import { gameName, ruleFacts } from './games.js';
import { language, num, t } from './i18n.js';
import { animateSowing } from './sow.js';

/** How often a game still being played is read again, in ms. */
const LIVE_POLL = 4000;
/** How often an analysis queued or running is asked for again, in ms. */
const ANALYSIS_POLL = 3000;

/**
 * @typedef {{seat: number, player: string, name: string, level: number|null}} SeatInfo
 * @typedef {{number: number, rounds_won: number[], burnt: number[][], first_seq: number,
 *   territory?: import('./board.js').OwnedHouse[][]}} Round
 * @typedef {{ply: number, seat: number, event: string, by: string, reason: string|null,
 *   effect: any, position: any, to_move: number|null, sides: number[], round?: Round}} Ply
 * @typedef {{round: Round, start: any, sides: number[], to_move: number|null}} RoundStart
 * @typedef {{id: string, room: string, number: number, rules: string, preset: string|null,
 *   rated: boolean, seats: SeatInfo[], start: any, sides: number[], to_move: number|null,
 *   plies: Ply[], over: boolean, outcome: any, started_at: number|null, rounds?: number,
 *   round_starts?: RoundStart[]}} Replay
 * @typedef {{ply: number, side: number, move: string, before: number, after: number,
 *   best: string, loss: number, verdict: string, exact: boolean}} MoveVerdict
 * @typedef {{game: string, status: string, moves: MoveVerdict[],
 *   rounds?: {round: number, moves: MoveVerdict[]}[]}} Analysis
 * A step of the replay: `ply` events shown, in round `round` (from 0);
 * `start`: the start of that round, before its first event.
 * @typedef {{ply: number, round: number, start: boolean}} Step
 * What the board shows at a step.
 * @typedef {{position: any, sides: number[], toMove: number|null, round: Round|null, ply: Ply|null}} View
 */

/**
 * A seat's name as the page shows it: the computer at its level, the
 * player's name, "Ann (you)" for this device's own.
 * @param {SeatInfo|undefined} s
 * @param {string} me
 */
export function seatLabel(s, me) {
  if (!s) return '?';
  if (typeof s.level === 'number') return t('site-computer-level', { level: s.level });
  const name = s.name || t('site-no-name');
  return s.player === me ? t('site-seat-you', { name }) : name;
}

/**
 * The steps of `game`: its start, then each event; in a match of rounds,
 * each round's start before the round's first event (and last, for a
 * round begun with no event yet).
 * @param {Replay} game
 * @returns {Step[]}
 */
export function replaySteps(game) {
  /** @type {Step[]} */
  const steps = [{ ply: 0, round: 0, start: true }];
  game.plies.forEach((p, i) => {
    const round = p.round ? p.round.number - 1 : 0;
    if (round !== steps[steps.length - 1].round) steps.push({ ply: i, round, start: true });
    steps.push({ ply: i + 1, round, start: false });
  });
  const starts = game.round_starts || [];
  if (starts.length > 1 && steps[steps.length - 1].round !== starts.length - 1) {
    steps.push({ ply: game.plies.length, round: starts.length - 1, start: true });
  }
  return steps;
}

/**
 * One event of a record in words: "Ann: 3", "Bob resigned".
 * @param {{seat: number, event: string, by: string, reason: string|null}} entry
 * @param {string} who
 */
export function eventLine(entry, who) {
  if (entry.event.startsWith('resign')) return t('site-move-resigned', { who });
  if (entry.event === 'swap') return t('site-move-swap', { who });
  if (entry.event === 'agreement') return t('site-move-agreement');
  const reason = entry.by === 'computer' && entry.reason && entry.reason !== 'computer_seat' ? entry.reason : 'self';
  return t('site-move', { who, house: houseShort(entry.event), played: reason });
}

export class ReplayPage {
  /**
   * @param {HTMLElement} main
   * @param {import('./api.js').Player} player
   * @param {string} id
   */
  constructor(main, player, id) {
    this.main = main;
    this.me = player.id;
    this.id = id;
    /** @type {Replay|null} */
    this.game = null;
    /** @type {Analysis|null} */
    this.analysis = null;
    /** @type {Step[]} the steps of the game (replaySteps) */
    this.steps = [];
    /** The step shown: an index of `steps` (0: the start). */
    this.step = 0;
    this.busy = false;
    /** @type {number|null} a step asked for during an animation */
    this.pending = null;
    this.closed = false;
    /** @type {ReturnType<typeof setTimeout>|null} */
    this.liveTimer = null;
    /** @type {ReturnType<typeof setTimeout>|null} */
    this.analysisTimer = null;
    this.onKey = (/** @type {KeyboardEvent} */ e) => this.key(e);
    this.onHash = () => this.fromHash();
    document.addEventListener('keydown', this.onKey);
    window.addEventListener('hashchange', this.onHash);
    this.els = this.layout();
    this.board = new Board(this.els.board, { choose: () => {}, play: () => {} });
    this.load(true);
  }

  close() {
    this.closed = true;
    document.removeEventListener('keydown', this.onKey);
    window.removeEventListener('hashchange', this.onHash);
    if (this.liveTimer) clearTimeout(this.liveTimer);
    if (this.analysisTimer) clearTimeout(this.analysisTimer);
  }

  layout() {
    const button = (/** @type {string} */ testid, /** @type {string} */ label, /** @type {string} */ glyph, /** @type {() => void} */ onclick) =>
      h('button', { type: 'button', class: 'step', dataset: { testid }, 'aria-label': label, title: label, onclick }, glyph);
    const els = {
      title: h('h1', {}),
      facts: h('p', { class: 'note' }),
      players: h('ul', { class: 'replay-players', 'aria-label': t('replay-players') }),
      live: h('p', { class: 'note', role: 'status' }),
      board: h('div', { class: 'board-wrap', dataset: { testid: 'replay-board' } }),
      ply: h('p', { class: 'replay-ply', role: 'status', 'aria-live': 'polite', dataset: { testid: 'replay-ply' } }),
      verdict: h('p', { class: 'replay-verdict', dataset: { testid: 'replay-verdict' }, hidden: true }),
      round: h('p', { class: 'round-line', hidden: true },
        h('span', { class: 'round', dataset: { testid: 'round' } }), ' ',
        h('span', { class: 'rounds-won', dataset: { testid: 'rounds-won' } })),
      first: button('replay-first', t('replay-first'), '⏮', () => this.go(0)),
      back: button('replay-back', t('replay-back'), '◀', () => this.go(this.step - 1)),
      forward: button('replay-forward', t('replay-forward'), '▶', () => this.go(this.step + 1)),
      last: button('replay-last', t('replay-last'), '⏭', () => this.go(this.steps.length - 1)),
      // Numbered from 0, the start: item N is the position after event N.
      moves: h('ol', { class: 'moves replay-moves', start: 0, dataset: { testid: 'replay-moves' } }),
      analysis: h('section', { class: 'replay-analysis', dataset: { testid: 'replay-analysis' }, hidden: true }),
      result: h('p', { class: 'note', dataset: { testid: 'replay-result' } }),
      exports: h('p', { class: 'note' },
        t('replay-export'), ' ',
        h('a', { href: `/api/games/${this.id}/export?format=json`, download: `${this.id}.json`, dataset: { testid: 'replay-export-json' } }, t('replay-export-json')),
        ' · ',
        h('a', { href: `/api/games/${this.id}/export?format=text`, download: `${this.id}.txt`, dataset: { testid: 'replay-export-text' } }, t('replay-export-text'))),
      error: h('p', { class: 'error', role: 'alert' }),
    };
    replace(this.main,
      els.title, els.facts, els.players, els.live,
      els.round, els.board, els.ply, els.verdict,
      h('div', { class: 'row replay-controls', role: 'group', 'aria-label': t('replay-moves') }, els.first, els.back, els.forward, els.last),
      els.result, els.error, els.analysis,
      h('section', { 'aria-label': t('replay-moves'), class: 'moves-box' }, h('h2', {}, t('replay-moves')), els.moves),
      els.exports,
      h('p', {}, h('a', { href: '/', dataset: { internal: '1' } }, t('site-home'))));
    return els;
  }

  /** @returns {Ply[]} */
  plies() {
    return this.game ? this.game.plies : [];
  }

  /**
   * Reads the game (again, for a live one); the first time, goes to the
   * `#N` of the address or else the end.
   * @param {boolean} first
   */
  async load(first) {
    try {
      const game = /** @type {Replay} */ (await request('GET', `/api/games/${this.id}`));
      if (this.closed) return;
      const wasAtEnd = !this.game || this.step === this.steps.length - 1;
      const before = this.steps.length;
      this.game = game;
      this.steps = replaySteps(game);
      if (first) {
        this.step = this.hashStep() ?? this.steps.length - 1;
        this.render();
        this.loadAnalysis();
      } else if (wasAtEnd && this.steps.length > before) {
        // Watching the end of a live game: its new moves are sown.
        this.render();
        await this.go(this.steps.length - 1);
      } else {
        this.render();
      }
      if (!game.over) this.liveTimer = setTimeout(() => this.load(false), LIVE_POLL);
      else if (!first) this.loadAnalysis();
    } catch (e) {
      if (this.closed) return;
      this.els.error.textContent = e instanceof ApiError && e.code === 'no_such_game' ? t('error-no-such-game') : t('replay-failed');
      if (this.game && !this.game.over) this.liveTimer = setTimeout(() => this.load(false), LIVE_POLL);
    }
  }

  /** The analysis of the game, when the server has one (polled while it is made). */
  async loadAnalysis() {
    if (this.analysisTimer) clearTimeout(this.analysisTimer);
    let analysis = null;
    try {
      analysis = /** @type {Analysis} */ (await request('GET', `/api/games/${this.id}/analysis`));
    } catch {
      // No analysis on this server (or not for this game): nothing shown.
      analysis = null;
    }
    if (this.closed) return;
    this.analysis = analysis && Array.isArray(analysis.moves) ? analysis : null;
    if (this.analysis && ['waiting', 'queued', 'running'].includes(this.analysis.status)) {
      this.analysisTimer = setTimeout(() => this.loadAnalysis(), ANALYSIS_POLL);
    }
    this.render();
  }

  /**
   * The step of the address: `#N` after event N (the last event there
   * is at most), `#round-K` the start of round K; null for none.
   */
  hashStep() {
    if (!this.game) return null;
    const round = location.hash.match(/^#round-(\d+)$/);
    if (round) {
      const k = this.steps.findIndex((s) => s.start && s.round === Number(round[1]) - 1);
      return k < 0 ? null : k;
    }
    const m = location.hash.match(/^#(\d+)$/);
    if (!m) return null;
    const ply = Math.min(Number(m[1]), this.game.plies.length);
    const k = this.steps.findIndex((s) => s.ply === ply && (!s.start || ply === 0));
    return k < 0 ? null : k;
  }

  /** The address of step `k`. */
  hashOf(/** @type {number} */ k) {
    const s = this.steps[k];
    return s.start && s.round > 0 ? `#round-${s.round + 1}` : `#${s.ply}`;
  }

  fromHash() {
    const step = this.hashStep();
    if (step !== null && step !== this.step) this.go(step, false);
  }

  /**
   * Shows step `target`; one step forward onto an event is sown as in
   * play.
   * @param {number} target
   * @param {boolean} [animate]
   */
  async go(target, animate = true) {
    const to = Math.max(0, Math.min(this.steps.length - 1, target));
    if (this.busy) {
      this.pending = to;
      return;
    }
    if (to === this.step) return;
    const next = this.steps[to];
    const step = to === this.step + 1 && !next.start ? this.plies()[next.ply - 1] : null;
    const house = step ? moveHouse(step.event) : NaN;
    if (animate && step && step.effect && Number.isInteger(house)) {
      this.busy = true;
      this.board.mark({});
      this.markBest(null);
      try {
        await animateSowing(this.board, this.viewAt(this.step).position, step.effect, house);
      } finally {
        this.busy = false;
      }
      if (this.closed) return;
    }
    this.step = to;
    history.replaceState(null, '', this.hashOf(to));
    this.render();
    if (this.pending !== null) {
      const again = this.pending;
      this.pending = null;
      if (again !== this.step) this.go(again, false);
    }
  }

  /**
   * What the board shows at step `k`: the position after its event, or
   * the start of its round.
   * @param {number} k
   * @returns {View}
   */
  viewAt(k) {
    const game = /** @type {Replay} */ (this.game);
    const s = this.steps[k];
    if (!s.start) {
      const p = game.plies[s.ply - 1];
      return { position: p.position, sides: p.sides, toMove: p.to_move, round: p.round || null, ply: p };
    }
    const start = game.round_starts && game.round_starts[s.round];
    if (start) return { position: start.start, sides: start.sides, toMove: start.to_move, round: start.round, ply: null };
    return { position: game.start, sides: game.sides, toMove: game.to_move, round: null, ply: null };
  }

  /** @param {KeyboardEvent} e */
  key(e) {
    const target = /** @type {HTMLElement} */ (e.target);
    if (e.ctrlKey || e.metaKey || e.altKey || (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    const to = { ArrowLeft: this.step - 1, ArrowRight: this.step + 1, Home: 0, End: this.steps.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    this.go(to);
  }

  render() {
    const game = this.game;
    if (!game) return;
    const name = game.preset ? gameName(game.preset) : t('site-custom-rules');
    document.title = `${t('replay-title', { game: name })} · ${t('site-title')}`;
    this.els.title.textContent = t('replay-title', { game: name });
    const date = game.started_at ? new Intl.DateTimeFormat(language().code, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(game.started_at)) : '';
    const facts = ruleFacts(game.rules);
    this.els.facts.textContent = [
      t('replay-room-game', { number: game.number, date }),
      t('site-option-players', { players: facts.players }),
      t('site-option-houses', { houses: facts.houses }),
      t('site-option-seeds', { seeds: facts.seeds }),
      game.rated ? t('site-option-rated') : t('site-option-casual'),
    ].join(' · ');
    replace(this.els.players, ...game.seats.map((s) => h('li', {},
      h('span', { class: 'seat-no' }, t('site-seat-number', { seat: s.seat + 1 })), ' ',
      h('a', { href: `/p/${s.player}`, dataset: { internal: '1', testid: `replay-seat-${s.seat}` } }, seatLabel(s, this.me)))));
    this.els.live.textContent = game.over ? '' : t('replay-live');
    this.renderBoard();
    this.renderRound();
    this.renderMoves();
    this.renderAnalysis();
    const plies = game.plies.length;
    const step = this.steps[this.step];
    const last = this.steps.length - 1;
    this.els.ply.textContent = step.start && step.round > 0
      ? t('replay-round-start', { round: step.round + 1 })
      : t('replay-ply', { ply: step.ply, plies });
    // For tests and assistive tools: the events shown, the step, the round.
    this.els.ply.dataset.ply = String(step.ply);
    this.els.ply.dataset.step = String(this.step);
    this.els.ply.dataset.round = String(step.round + 1);
    this.els.board.dataset.ply = String(step.ply);
    for (const [el, off] of [[this.els.first, this.step === 0], [this.els.back, this.step === 0],
      [this.els.forward, this.step === last], [this.els.last, this.step === last]]) {
      /** @type {HTMLButtonElement} */ (el).disabled = /** @type {boolean} */ (off);
    }
    this.els.result.textContent = game.outcome && this.step === last ? this.resultLine() : '';
  }

  /** In a match of rounds, the round shown and the rounds won by then. */
  renderRound() {
    const game = /** @type {Replay} */ (this.game);
    const round = this.viewAt(this.step).round;
    const line = this.els.round;
    line.hidden = !round;
    const [number, won] = /** @type {HTMLElement[]} */ (Array.from(line.children));
    number.textContent = round ? t('site-round', { round: round.number }) : '';
    number.dataset.round = round ? String(round.number) : '';
    won.textContent = round
      ? t('site-rounds-won', {
        seats: round.rounds_won.map((n, seat) => t('site-rounds-won-seat', { who: seatLabel(game.seats[seat], this.me), won: n })).join(', '),
      })
      : '';
    won.dataset.won = round ? round.rounds_won.join(',') : '';
  }

  /** The result of the finished game in words. */
  resultLine() {
    const game = /** @type {Replay} */ (this.game);
    const o = game.outcome;
    const winner = o.winner_seat;
    const head = winner === null || winner === undefined
      ? t('site-result-draw')
      : t('site-result-win', { who: seatLabel(game.seats[winner], this.me), you: game.seats[winner] && game.seats[winner].player === this.me ? 'yes' : 'no' });
    return `${head} ${t('site-ended-by', { reason: t(`site-end-${o.reason.replace(/_/g, '-')}`) })}`;
  }

  renderBoard() {
    const game = /** @type {Replay} */ (this.game);
    const view = this.viewAt(this.step);
    const position = view.position;
    const sidesOfSeats = view.sides;
    const sides = position.houses.length;
    const seatOf = (/** @type {number} */ side) => {
      const seat = sidesOfSeats.indexOf(side);
      return seat < 0 ? side : seat;
    };
    const toMove = view.toMove;
    const step = view.ply;
    const effect = step && step.effect;
    const house = step ? moveHouse(step.event) : NaN;
    const mineSeat = game.seats.findIndex((s) => s.player === this.me);
    const bottom = mineSeat >= 0 && mineSeat < sidesOfSeats.length ? sidesOfSeats[mineSeat] : 0;
    this.board.render({
      counts: position,
      bottom,
      playable: new Set(),
      names: Array.from({ length: sides }, (_, side) => seatLabel(game.seats[seatOf(side)], this.me)),
      owners: Array.from({ length: sides }, (_, side) => {
        const s = game.seats[seatOf(side)];
        return { who: seatLabel(s, this.me), you: s && s.player === this.me ? 'yes' : 'no' };
      }),
      toMove: toMove === null || toMove === undefined ? null : sidesOfSeats[toMove] ?? null,
      mine: null,
      viewer: null,
      mirror: ruleFacts(game.rules).direction === 'cw',
      tuzdyk: Array.isArray(position.tuzdyk) ? position.tuzdyk : [],
      children: Array.isArray(position.children) ? position.children : [],
      barred: barredHouse(position),
      burnt: view.round ? view.round.burnt : [],
      territory: view.round && Array.isArray(view.round.territory) ? view.round.territory : null,
      last: effect && Number.isInteger(house)
        ? {
          side: effect.side, house, landing: effect.last || null,
          captured: effect.captured > 0 && Array.isArray(effect.captured_cups) ? effect.captured_cups : [],
          extra: !!effect.extra_turn,
        }
        : null,
    });
    this.markBest(this.bestNow());
  }

  renderMoves() {
    const game = /** @type {Replay} */ (this.game);
    const verdicts = this.verdicts();
    const keys = this.moveKeys();
    const inRounds = Array.isArray(game.round_starts);
    const item = (/** @type {number} */ k, /** @type {any} */ label) => h('button', {
      type: 'button', class: 'move-step', 'aria-current': this.step === k ? 'step' : false, onclick: () => this.go(k, false),
    }, label);
    /** @type {HTMLElement[]} */
    const items = [];
    this.steps.forEach((s, k) => {
      if (s.start && inRounds) {
        // A match: each round's moves under its heading, which steps to
        // the round's start.
        items.push(h('li', { class: k === 0 ? 'start round-head' : 'round-head', dataset: { round: String(s.round + 1) } },
          item(k, t('site-round', { round: s.round + 1 }))));
        return;
      }
      if (s.start) {
        items.push(h('li', { class: 'start' }, item(k, t('replay-start'))));
        return;
      }
      const p = game.plies[s.ply - 1];
      if (p.event.startsWith('computer')) return;
      const v = verdicts.get(keys[s.ply - 1] || '');
      items.push(h('li', { value: p.ply, dataset: { move: p.event, ply: String(p.ply), seat: String(p.seat), round: String(s.round + 1) } },
        item(k, [eventLine(p, seatLabel(game.seats[p.seat], this.me)),
          v ? h('span', { class: `tag verdict ${v.verdict}` }, t('replay-verdict', { verdict: v.verdict })) : null])));
    });
    this.els.moves.classList.toggle('by-round', inRounds);
    replace(this.els.moves, ...items);
    const current = this.els.moves.querySelector('[aria-current="step"]');
    if (current && 'scrollIntoView' in current && this.els.moves.scrollHeight > this.els.moves.clientHeight) {
      current.scrollIntoView({ block: 'nearest' });
    }
  }

  /**
   * For each event of the game, the key of its review in the analysis
   * (`ROUND:N`, N the move's place among its round's moves from 1; the
   * round 0 outside a match), '' for an event that is not a move.
   * @returns {string[]}
   */
  moveKeys() {
    const game = /** @type {Replay} */ (this.game);
    /** @type {string[]} */
    const keys = [];
    let round = -1;
    let moves = 0;
    for (const p of game.plies) {
      const r = p.round ? p.round.number - 1 : 0;
      if (r !== round) {
        round = r;
        moves = 0;
      }
      // Moves have an effect; a resignation, an agreement or a seat
      // handed to the computer has none.
      if (p.effect) {
        moves += 1;
        keys.push(`${r}:${moves}`);
      } else {
        keys.push('');
      }
    }
    return keys;
  }

  /** @returns {Map<string, MoveVerdict>} each analysed move by its key (moveKeys) */
  verdicts() {
    const a = this.analysis;
    if (!a || a.status !== 'done') return new Map();
    if (Array.isArray(a.rounds)) {
      return new Map(a.rounds.flatMap((r) => r.moves.map((m) => /** @type {[string, MoveVerdict]} */ ([`${r.round - 1}:${m.ply}`, m]))));
    }
    return new Map(a.moves.map((m) => [`0:${m.ply}`, m]));
  }

  /** The verdict of the event of step `k`, if it is an analysed move. */
  verdictAt(/** @type {number} */ k) {
    const s = this.steps[k];
    if (!s || s.start) return undefined;
    return this.verdicts().get(this.moveKeys()[s.ply - 1] || '');
  }

  /** The best move at the position shown: the verdict of the event after it. */
  bestNow() {
    const next = this.verdictAt(this.step + 1);
    if (!next || !parseMove(next.best)) return null;
    return { kind: /** @type {'house'} */ ('house'), side: next.side, number: moveHouse(next.best), move: next.best };
  }

  /** @param {import('./board.js').Cup|null} cup */
  markBest(cup) {
    for (const el of this.els.board.querySelectorAll('.best')) {
      el.classList.remove('best');
      delete /** @type {HTMLElement} */ (el).dataset.best;
    }
    if (!cup) return;
    const el = this.board.cupEl(cup);
    if (el) {
      el.classList.add('best');
      el.dataset.best = 'yes';
    }
  }

  renderAnalysis() {
    const a = this.analysis;
    const box = this.els.analysis;
    const game = /** @type {Replay} */ (this.game);
    box.hidden = !a;
    this.els.verdict.hidden = true;
    if (!a) return;
    const heading = h('h2', {}, t('replay-analysis'));
    if (a.status === 'failed') {
      replace(box, heading, h('p', { class: 'note' }, t('replay-analysis-failed')));
      return;
    }
    if (a.status !== 'done') {
      replace(box, heading, h('p', { class: 'note', dataset: { testid: 'replay-analysis-waiting' } }, t('replay-analysis-waiting')));
      return;
    }
    const two = game.seats.length === 2;
    const fmt = (/** @type {number} */ y) => num(Math.round(y * 10) / 10);
    // The moves of the round shown (of the game, outside a match), with
    // the mover's seat from the replay and the move shown as the cursor.
    const round = this.steps[this.step].round;
    const keys = this.moveKeys();
    const moves = Array.isArray(a.rounds) ? (a.rounds.find((r) => r.round === round + 1) || { moves: [] }).moves : a.moves;
    const seatOf = new Map(keys.map((key, i) => [key, game.plies[i].seat]));
    let cursor = 0;
    for (const s of this.steps.slice(0, this.step + 1)) {
      if (!s.start && s.round === round && keys[s.ply - 1]) cursor = Number(keys[s.ply - 1].split(':')[1]);
    }
    const svg = two
      ? chart(moves.map((m) => {
        const mover = seatOf.get(`${round}:${m.ply}`) ?? m.side;
        return { x: m.ply, y: mover === 0 ? m.after : -m.after };
      }), { label: t('replay-chart', { who: seatLabel(game.seats[0], this.me) }), testid: 'replay-chart', format: fmt, zero: true, cursor: cursor || null })
      : chart(moves.map((m) => ({ x: m.ply, y: m.loss })), { label: t('replay-chart-loss'), testid: 'replay-chart', format: fmt, bars: true, cursor: cursor || null });
    const best = this.bestNow();
    replace(box, heading,
      Array.isArray(a.rounds) ? h('p', { class: 'note', dataset: { testid: 'replay-chart-round', round: String(round + 1) } }, t('site-round', { round: round + 1 })) : null,
      svg,
      h('p', { class: 'note', dataset: { testid: 'replay-best' } }, best ? t('replay-best', { move: houseShort(best.move) }) : ''));
    const v = this.verdictAt(this.step);
    if (v) {
      this.els.verdict.hidden = false;
      this.els.verdict.dataset.verdict = v.verdict;
      replace(this.els.verdict,
        h('span', { class: `tag verdict ${v.verdict}` }, t('replay-verdict', { verdict: v.verdict })), ' ',
        v.loss > 0 ? [t('replay-loss', { loss: num(Math.round(v.loss * 10) / 10) }), ' · '] : null,
        v.verdict !== 'best' && parseMove(v.best) ? [t('replay-best', { move: houseShort(v.best) }), ' · '] : null,
        v.exact ? t('replay-exact') : t('replay-estimate'));
    }
  }
}
