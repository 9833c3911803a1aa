// @ts-check
// A game's page, `/g/ID` (`#N`: after its event N): the board, the move
// list and controls to step through the game (first, back, forward,
// last; the arrow keys, Home and End), each step forward sown as in
// play. The page holds no rules: GET /api/games/ID gives every event
// with the position after it and the sowing's steps (the engine's). A
// game still being played is read again every few seconds. When the
// server has analysed the game (GET /api/games/ID/analysis), each move's
// verdict, an evaluation chart and the best move on the board are shown.

import { ApiError, request } from './api.js';
import { Board } from './board.js';
import { chart } from './chart.js';
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
 * @typedef {{ply: number, seat: number, event: string, by: string, reason: string|null,
 *   effect: any, position: any, to_move: number|null, sides: number[]}} Ply
 * @typedef {{id: string, room: string, number: number, rules: string, preset: string|null,
 *   rated: boolean, seats: SeatInfo[], start: any, sides: number[], to_move: number|null,
 *   plies: Ply[], over: boolean, outcome: any, started_at: number|null, rounds?: number}} Replay
 * @typedef {{ply: number, side: number, move: string, before: number, after: number,
 *   best: string, loss: number, verdict: string, exact: boolean}} MoveVerdict
 * @typedef {{game: string, status: string, moves: MoveVerdict[]}} Analysis
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
 * One event of a record in words: "Ann: 3", "Bob resigned".
 * @param {{seat: number, event: string, by: string, reason: string|null}} entry
 * @param {string} who
 */
export function eventLine(entry, who) {
  if (entry.event.startsWith('resign')) return t('site-move-resigned', { who });
  if (entry.event === 'swap') return t('site-move-swap', { who });
  if (entry.event === 'agreement') return t('site-move-agreement');
  const reason = entry.by === 'computer' && entry.reason && entry.reason !== 'computer_seat' ? entry.reason : 'self';
  return t('site-move', { who, house: Number(entry.event) || 0, played: reason });
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
    /** The event shown: the position after it (0: the start). */
    this.ply = 0;
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
      first: button('replay-first', t('replay-first'), '⏮', () => this.go(0)),
      back: button('replay-back', t('replay-back'), '◀', () => this.go(this.ply - 1)),
      forward: button('replay-forward', t('replay-forward'), '▶', () => this.go(this.ply + 1)),
      last: button('replay-last', t('replay-last'), '⏭', () => this.go(this.plies().length)),
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
      els.board, els.ply, els.verdict,
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
      const wasAtEnd = !this.game || this.ply === this.game.plies.length;
      const before = this.game ? this.game.plies.length : 0;
      this.game = game;
      if (first) {
        this.ply = this.hashPly() ?? game.plies.length;
        this.render();
        this.loadAnalysis();
      } else if (wasAtEnd && game.plies.length > before) {
        // Watching the end of a live game: its new moves are sown.
        this.render();
        await this.go(game.plies.length);
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

  /** The `#N` of the address, if it is an event of the game. */
  hashPly() {
    const m = location.hash.match(/^#(\d+)$/);
    if (!m || !this.game) return null;
    return Math.min(Number(m[1]), this.game.plies.length);
  }

  fromHash() {
    const ply = this.hashPly();
    if (ply !== null && ply !== this.ply) this.go(ply, false);
  }

  /**
   * Shows the position after event `target`; one step forward is sown
   * as in play.
   * @param {number} target
   * @param {boolean} [animate]
   */
  async go(target, animate = true) {
    const plies = this.plies();
    const to = Math.max(0, Math.min(plies.length, target));
    if (this.busy) {
      this.pending = to;
      return;
    }
    if (to === this.ply) return;
    const step = to === this.ply + 1 ? plies[this.ply] : null;
    const house = step ? Number(step.event) : NaN;
    if (animate && step && step.effect && Number.isInteger(house)) {
      this.busy = true;
      this.board.mark({});
      this.markBest(null);
      try {
        await animateSowing(this.board, this.positionAt(this.ply), step.effect, house);
      } finally {
        this.busy = false;
      }
      if (this.closed) return;
    }
    this.ply = to;
    history.replaceState(null, '', `#${to}`);
    this.render();
    if (this.pending !== null) {
      const next = this.pending;
      this.pending = null;
      if (next !== this.ply) this.go(next, false);
    }
  }

  /** The position after event `k` (0: the start). */
  positionAt(k) {
    const game = /** @type {Replay} */ (this.game);
    return k === 0 ? game.start : game.plies[k - 1].position;
  }

  /** The seats' board sides after event `k`. */
  sidesAt(k) {
    const game = /** @type {Replay} */ (this.game);
    return k === 0 ? game.sides : game.plies[k - 1].sides;
  }

  /** @param {KeyboardEvent} e */
  key(e) {
    const target = /** @type {HTMLElement} */ (e.target);
    if (e.ctrlKey || e.metaKey || e.altKey || (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    const to = { ArrowLeft: this.ply - 1, ArrowRight: this.ply + 1, Home: 0, End: this.plies().length }[e.key];
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
    // A match of rounds replays its first round only (docs/protocol.md).
    const rounds = typeof game.rounds === 'number' ? t('replay-first-round-only', { rounds: game.rounds }) : '';
    this.els.live.textContent = [game.over ? '' : t('replay-live'), rounds].filter(Boolean).join(' ');
    this.renderBoard();
    this.renderMoves();
    this.renderAnalysis();
    const plies = game.plies.length;
    this.els.ply.textContent = t('replay-ply', { ply: this.ply, plies });
    this.els.ply.dataset.ply = String(this.ply);
    this.els.board.dataset.ply = String(this.ply);
    for (const [el, off] of [[this.els.first, this.ply === 0], [this.els.back, this.ply === 0],
      [this.els.forward, this.ply === plies], [this.els.last, this.ply === plies]]) {
      /** @type {HTMLButtonElement} */ (el).disabled = /** @type {boolean} */ (off);
    }
    this.els.result.textContent = game.outcome && this.ply === plies ? this.resultLine() : '';
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
    const position = this.positionAt(this.ply);
    const sidesOfSeats = this.sidesAt(this.ply);
    const sides = position.houses.length;
    const seatOf = (/** @type {number} */ side) => {
      const seat = sidesOfSeats.indexOf(side);
      return seat < 0 ? side : seat;
    };
    const toMove = this.ply === 0 ? game.to_move : game.plies[this.ply - 1].to_move;
    const step = this.ply > 0 ? game.plies[this.ply - 1] : null;
    const effect = step && step.effect;
    const house = step ? Number(step.event) : NaN;
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
    const items = [h('li', { class: 'start' }, h('button', {
      type: 'button', class: 'move-step', 'aria-current': this.ply === 0 ? 'step' : false, onclick: () => this.go(0, false),
    }, t('replay-start')))];
    game.plies.forEach((p, i) => {
      if (p.event.startsWith('computer')) return;
      const v = verdicts.get(p.ply);
      items.push(h('li', { dataset: { move: p.event, ply: String(p.ply), seat: String(p.seat) } }, h('button', {
        type: 'button', class: 'move-step', 'aria-current': this.ply === i + 1 ? 'step' : false, onclick: () => this.go(i + 1, false),
      }, eventLine(p, seatLabel(game.seats[p.seat], this.me)),
      v ? h('span', { class: `tag verdict ${v.verdict}` }, t('replay-verdict', { verdict: v.verdict })) : null)));
    });
    replace(this.els.moves, ...items);
    const current = this.els.moves.querySelector('[aria-current="step"]');
    if (current && 'scrollIntoView' in current && this.els.moves.scrollHeight > this.els.moves.clientHeight) {
      current.scrollIntoView({ block: 'nearest' });
    }
  }

  /** @returns {Map<number, MoveVerdict>} each analysed move by its ply */
  verdicts() {
    const a = this.analysis;
    return new Map(a && a.status === 'done' ? a.moves.map((m) => [m.ply, m]) : []);
  }

  /** The best move at the position shown: the verdict of the event after it. */
  bestNow() {
    const next = this.verdicts().get(this.ply + 1);
    if (!next || !/^\d+$/.test(next.best)) return null;
    return { kind: /** @type {'house'} */ ('house'), side: next.side, number: Number(next.best) };
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
    const svg = two
      ? chart(a.moves.map((m) => {
        const mover = game.plies[m.ply - 1] ? game.plies[m.ply - 1].seat : m.side;
        return { x: m.ply, y: mover === 0 ? m.after : -m.after };
      }), { label: t('replay-chart', { who: seatLabel(game.seats[0], this.me) }), testid: 'replay-chart', format: fmt, zero: true, cursor: this.ply || null })
      : chart(a.moves.map((m) => ({ x: m.ply, y: m.loss })), { label: t('replay-chart-loss'), testid: 'replay-chart', format: fmt, bars: true, cursor: this.ply || null });
    const best = this.bestNow();
    replace(box, heading, svg,
      h('p', { class: 'note', dataset: { testid: 'replay-best' } }, best ? t('replay-best', { move: num(best.number) }) : ''));
    const v = this.verdicts().get(this.ply);
    if (v) {
      this.els.verdict.hidden = false;
      this.els.verdict.dataset.verdict = v.verdict;
      replace(this.els.verdict,
        h('span', { class: `tag verdict ${v.verdict}` }, t('replay-verdict', { verdict: v.verdict })), ' ',
        v.loss > 0 ? [t('replay-loss', { loss: num(Math.round(v.loss * 10) / 10) }), ' · '] : null,
        v.verdict !== 'best' && /^\d+$/.test(v.best) ? [t('replay-best', { move: num(Number(v.best)) }), ' · '] : null,
        v.exact ? t('replay-exact') : t('replay-estimate'));
    }
  }
}
