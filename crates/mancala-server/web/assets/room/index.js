// @ts-check
// A room page: the connection, the state (`reduce`), the views and the
// board, tied together. The server holds the game; this page shows what
// it says, asks it (POST /api/preview) what each legal move would do, and
// animates each sowing from the steps the server sends.

import { inviteLink, request } from '../api.js';
import { Board, barredHouse } from '../board.js';
import { DirectionPicker, choiceHouses, moveHouse, parseMove } from '../direction.js';
import { h, replace } from '../dom.js';
import { onLanguage, phrase, paragraph, t } from '../i18n.js';
import { animateSowing } from '../sow.js';
import { gameName, ruleFacts } from '../games.js';
import { Connection } from './connection.js';
import { fixedBoard, renderControls } from './controls.js';
import { renderMoves, renderResult } from './result.js';
import { renderSeats } from './seats.js';
import {
  burntHouses, inProgress, roundRules, territoryOf, initialState, mySeat, mySeats, myTurn, passAndPlay, reduce, rulesShown, seatOf, sideOf,
} from './state.js';
import {
  clockSentence, previewSentence, refusalSentence, roundSentence, roundsWonSentence, territorySentence, saidSentence, seatName, sideWho,
  toMoveSentence,
} from './words.js';

/** Phones and narrow windows: during a game the room's details fold away. */
const NARROW = '(max-width: 40rem)';

export class RoomPage {
  /**
   * @param {HTMLElement} main
   * @param {import('../api.js').Player} player
   * @param {string} code
   */
  constructor(main, player, code) {
    this.main = main;
    this.player = player;
    this.code = code;
    /** @type {import('./state.js').RoomState} */
    this.state = initialState(player.id);
    /** The rule set "How to play" shows or is loading. */
    this.explained = '';
    /** @type {any[]|null} the topics of the rules shown */
    this.explanation = null;
    /** @type {Map<number|string, any>|null} each legal move's effect (a house's number, `3cw` for a direction chosen; -1: swap) */
    this.preview = null;
    /** The two arrows of a house whose direction the player chooses. */
    this.ways = new DirectionPicker();
    this.previewKey = '';
    /** @type {number|null} the house whose preview is shown */
    this.previewing = null;
    this.resignArmed = false;
    /** Whether the person opened or closed the room's details by hand. */
    this.detailsTouched = false;
    /** "Play the computer": the level to seat, until the game starts. */
    this.autoplay = takeAutoplay(code);
    this.autoStep = '';
    /** Whether the page wants the room's details open. */
    this.detailsOpen = true;
    /** @type {number|null} a spectator looking back: the event shown (null: live) */
    this.lookBack = null;
    /** @type {any} the game as GET /api/games/ID gave it, for looking back */
    this.past = null;
    const built = this.layout();
    this.els = built.els;
    this.board = built.board;
    this.onKey = (/** @type {KeyboardEvent} */ e) => this.key(e);
    document.addEventListener('keydown', this.onKey);
    // A turn clock, when the server sends one, counts down between messages.
    this.ticker = setInterval(() => { if (this.state.clock) this.renderToMove(); }, 500);
    this.stopWords = onLanguage(() => {
      const again = this.layout();
      this.els = again.els;
      this.board = again.board;
      this.explained = '';
      this.render();
    });
    this.connection = new Connection(code, player, {
      message: (m) => this.handle(m),
      closed: () => this.update({ type: 'closed' }),
      failed: (e) => this.fail(e),
    });
  }

  /** Leaves the room (the page moves elsewhere). */
  close() {
    clearInterval(this.ticker);
    document.removeEventListener('keydown', this.onKey);
    this.stopWords();
    this.connection.close();
  }

  /**
   * Lays the page out in the language spoken (again after a change):
   * its elements, and the board in its place.
   */
  layout() {
    const link = inviteLink(this.code);
    const invite = h('input', { id: 'invite', readonly: true, value: link, dataset: { testid: 'invite-link' }, class: 'invite' });
    const copy = h('button', { type: 'button', onclick: () => this.copy(/** @type {HTMLInputElement} */ (invite)) }, t('site-copy'));
    const details = /** @type {HTMLDetailsElement} */ (h('details', { class: 'room-details', open: this.detailsOpen, dataset: { testid: 'room-details' } }));
    // A toggle the page did not ask for is the person's: it stands.
    details.addEventListener('toggle', () => {
      if (details.open === this.detailsOpen) return;
      this.detailsTouched = true;
      this.detailsOpen = details.open;
    });
    const els = {
      title: h('h1', { class: 'room-title' }),
      rules: h('p', { class: 'note', dataset: { testid: 'rules' } }),
      rulesLink: h('a', { dataset: { internal: '1', testid: 'rules-link' } }),
      howTo: h('details', { class: 'how-to', dataset: { testid: 'how-to' } },
        h('summary', {}, t('site-how-to')), h('p', { class: 'note' }, t('site-loading'))),
      conn: h('p', { class: 'conn', role: 'status' }),
      details,
      summary: h('summary', {}),
      seats: h('ul', { class: 'seats' }),
      spectators: h('p', { class: 'note' }),
      controls: h('div', { class: 'controls' }),
      steps: h('div', { class: 'row replay-controls', role: 'group', 'aria-label': t('replay-step-back') }),
      ply: h('p', { class: 'replay-ply', dataset: { testid: 'replay-ply' }, hidden: true }),
      toMove: h('p', { class: 'to-move', dataset: { testid: 'to-move' } }),
      round: h('p', { class: 'round-line', hidden: true },
        h('span', { class: 'round', dataset: { testid: 'round' } }), ' ',
        h('span', { class: 'rounds-won', dataset: { testid: 'rounds-won' } })),
      announce: h('p', { class: 'status', role: 'status', 'aria-live': 'polite', dataset: { announce: '1', testid: 'announce' } }),
      board: h('div', { class: 'board-wrap' }),
      territory: h('p', { class: 'note territory-note', dataset: { testid: 'territory-note' }, hidden: true }),
      // A polite live region: what a tapped barred house is told (and a
      // focused house's preview) reaches a screen reader too.
      hint: h('p', { class: 'hint', id: 'hint', role: 'status' }),
      result: h('section', { class: 'result', dataset: { testid: 'result' }, hidden: true }),
      moves: h('ol', { class: 'moves', dataset: { testid: 'moves' } }),
      error: h('p', { class: 'error', role: 'alert', dataset: { testid: 'error' } }),
    };
    replace(details, els.summary,
      els.rules, h('p', { class: 'note' }, els.rulesLink), els.howTo,
      h('div', { class: 'row invite-row' }, h('label', { for: 'invite' }, t('site-invite-link')), invite, copy),
      h('section', { 'aria-label': t('site-seats') }, els.seats, els.spectators));
    replace(this.main,
      els.title,
      els.conn,
      els.round,
      els.toMove,
      els.ply,
      els.board,
      els.territory,
      els.steps,
      els.hint,
      els.announce,
      els.error,
      els.controls,
      els.result,
      details,
      h('section', { 'aria-label': t('site-moves'), class: 'moves-box' }, h('h2', {}, t('site-moves')), els.moves),
      h('p', {}, h('a', { href: '/', dataset: { internal: '1' } }, t('site-home'))),
    );
    const board = new Board(els.board, {
      choose: (n) => this.showPreview(n),
      play: (n) => this.play(String(n)),
      barred: (n) => { this.els.hint.textContent = t('site-barred-why', { house: n }); },
      ways: (side, n, m, keyboard) => this.offerWays(side, n, m, keyboard),
    });
    return { els, board };
  }

  /** @param {HTMLInputElement} input */
  async copy(input) {
    try {
      await navigator.clipboard.writeText(input.value);
      this.say(t('site-copied'));
    } catch {
      input.select();
      this.say(t('site-copy-by-hand'));
    }
  }

  /** @param {string} text */
  say(text) {
    if (this.els.announce.textContent !== text) this.els.announce.textContent = text;
  }

  /** @param {unknown} e */
  fail(e) {
    this.els.error.textContent = t('site-page-failed', { error: e instanceof Error ? e.message : String(e) });
  }

  // --- messages -----------------------------------------------------------

  /**
   * One message of the server, in order: a sowing is animated from the
   * position before it, then the state moves on and the page shows it.
   * @param {any} m
   */
  async handle(m) {
    if (m.type === 'error' && m.code === 'unauthorized') {
      // This server does not know the stored player (a new database):
      // start again as a new player.
      localStorage.removeItem('mancala.player');
      location.reload();
      return;
    }
    if (m.type === 'started') this.lookBack = null;
    if (m.type === 'moved' && this.state.game && this.lookBack === null) {
      this.board.mark({});
      this.els.hint.textContent = '';
      const house = moveHouse(m.move);
      if (Number.isInteger(house)) await animateSowing(this.board, this.state.game.position, m.effect, house);
    }
    this.update(m);
    if (m.type === 'room') {
      this.sitIfCreator();
      this.autoplayStep();
    }
  }

  /** @param {any} m */
  update(m) {
    const before = this.state;
    this.state = reduce(before, m, performance.now());
    if (this.state.said !== before.said) this.say(saidSentence(this.state));
    if (m.type === 'started' || (m.type === 'room' && !before.room)) this.foldDetails();
    this.render();
  }

  /** The host sits down in a room they just created. */
  sitIfCreator() {
    if (sessionStorage.getItem('mancala.created') !== this.code) return;
    sessionStorage.removeItem('mancala.created');
    if (mySeat(this.state) === null && !inProgress(this.state)) this.send({ type: 'sit' });
  }

  /**
   * "Play the computer", one step per `room` message: the host sits
   * (sitIfCreator), fills the first free seat with the computer, starts.
   */
  autoplayStep() {
    const auto = this.autoplay;
    const room = this.state.room;
    if (!auto || !room || inProgress(this.state) || room.host !== this.player.id) return;
    if (mySeat(this.state) === null) return;
    const computers = room.seats.filter((s) => s && typeof s.level === 'number').length;
    if (computers === 0) {
      const free = room.seats.findIndex((s) => !s);
      if (free < 0 || this.autoStep === 'computer') return;
      this.autoStep = 'computer';
      this.send({ type: 'computer', seat: free, level: auto.level });
    } else if (this.autoStep !== 'start' && room.can_start) {
      this.autoStep = 'start';
      this.autoplay = null;
      this.send({ type: 'start' });
    }
  }

  /** @param {any} message */
  send(message) {
    if (this.connection.send(message)) return true;
    this.update({ type: 'unsent' });
    return false;
  }

  // --- what the page shows ------------------------------------------------

  render() {
    const state = this.state;
    this.renderConnection();
    if (!state.room) return;
    this.renderTitle();
    this.explain(rulesShown(state));
    renderSeats(this.els.seats, this.els.spectators, state, (m) => this.send(m));
    this.els.summary.textContent = t('site-room-summary', {
      players: state.room.seats.filter((s) => s).length, watching: state.room.spectators.length,
    });
    renderControls(this.els.controls, state, {
      send: (m) => this.send(m),
      play: (mv) => this.play(mv),
      rerender: () => this.render(),
      canSwap: !!this.preview && this.preview.has(-1) && myTurn(state),
      resignArmed: this.resignArmed,
      armResign: () => this.armResign(),
    });
    this.renderRound();
    this.renderBoard();
    this.renderSteps();
    renderResult(this.els.result, state);
    renderMoves(this.els.moves, state);
    this.els.error.textContent = state.refusal ? refusalSentence(state, state.refusal) : '';
  }

  renderConnection() {
    const state = this.state;
    let text = '';
    if (!state.connected && state.failures > 0) {
      text = state.failures > 3 && !state.room ? t('site-cannot-join') : t('site-reconnecting');
    }
    this.els.conn.textContent = text;
  }

  /** The game's name, the room's options and the link to its rules page. */
  renderTitle() {
    const state = this.state;
    const room = /** @type {import('./state.js').Room} */ (state.room);
    const facts = ruleFacts(room.rules);
    const slug = room.preset || null;
    this.els.title.textContent = slug ? gameName(slug) : t('site-custom-rules');
    const options = [
      t('site-option-players', { players: facts.players }),
      t('site-option-houses', { houses: facts.houses }),
      t('site-option-seeds', { seeds: facts.seeds }),
      room.rated ? t('site-option-rated') : t('site-option-casual'),
      room.turn_seconds ? t('site-option-turn', { seconds: room.turn_seconds }) : t('site-option-no-clock'),
    ];
    if (room.rotation) options.push(t('site-option-rotation'));
    const hr = room.house_rules;
    if (hr && facts.players > 2) options.push(t('site-option-capture', { capture: hr.capture }));
    this.els.rules.textContent = options.join(' · ');
    this.els.rules.dataset.rules = rulesShown(state);
    const href = slug ? `/rules/${slug}` : `/rules?spec=${encodeURIComponent(rulesShown(state))}`;
    this.els.rulesLink.setAttribute('href', href);
    this.els.rulesLink.textContent = t('site-rules-link', { game: slug ? gameName(slug) : t('site-custom-rules') });
  }

  /**
   * During a game on a phone the room's details (invite, seats, rules)
   * fold away so that the board is the first thing on the screen;
   * between games they open again. Once the person opens or closes them
   * by hand, that choice stands.
   */
  foldDetails() {
    if (this.detailsTouched) return;
    const fold = inProgress(this.state) && window.matchMedia(NARROW).matches;
    const details = /** @type {HTMLDetailsElement} */ (this.els.details);
    this.detailsOpen = !fold;
    details.open = !fold;
  }

  /**
   * Fills "How to play these rules" with the rules of `spec` in words
   * (POST /api/explain: topics of phrases worked out by the engine,
   * worded here in the language spoken), once per rule set.
   * @param {string} spec
   */
  async explain(spec) {
    if (this.explained === spec) return;
    this.explained = spec;
    const box = this.els.howTo;
    const summary = h('summary', {}, t('site-how-to'));
    try {
      const { explanation } = await request('POST', '/api/explain', { rules: spec });
      if (this.explained !== spec) return;
      replace(box, summary, h('dl', { class: 'explanation' }, ...explanation.flatMap((/** @type {any} */ topic) => [
        h('dt', {}, t(`rules-topic-${topic.id.replace(/_/g, '-')}`)),
        h('dd', {}, paragraph(topic.phrases.map(phrase)))])));
    } catch (e) {
      if (this.explained !== spec) return;
      replace(box, summary, h('p', { class: 'error' }, t('site-rules-failed')));
    }
  }

  renderBoard() {
    const state = this.state;
    const game = state.game;
    const facts = ruleFacts(rulesShown(state));
    const sides = game ? game.position.houses.length : facts.players;
    const counts = game
      ? game.position
      : { houses: Array.from({ length: sides }, () => Array(facts.houses).fill(facts.seeds)), stores: Array(sides).fill(0) };
    let mine = mySeat(state);
    if (mine !== null && mine >= sides) mine = null;
    const mySide = mine === null ? null : sideOf(state, mine);
    const turn = myTurn(state);
    if (turn) this.loadPreview();
    else this.ways.close();
    /** @type {Set<number>} */
    const playable = new Set();
    if (turn && mySide !== null) {
      const chosen = choiceHouses(this.legalMoves());
      counts.houses[mySide].forEach((k, i) => {
        const n = i + 1;
        if (this.preview ? this.preview.has(n) || chosen.has(n) : k > 0) playable.add(n);
      });
    }
    // Pass and play: the side to move at the bottom, or the first seat's
    // side always (the player's choice).
    const first = mySeats(state)[0];
    const bottom = passAndPlay(state) && fixedBoard() && first < sides ? sideOf(state, first) : mySide ?? 0;
    const effect = state.last && game ? state.last.effect : null;
    // The last move stays marked: the house played, where its last seed
    // landed (an extra turn there), the houses it captured.
    const last = effect && effect.side !== undefined
      ? {
        side: effect.side, house: moveHouse(/** @type {any} */ (state.last).move), landing: effect.last || null,
        captured: effect.captured > 0 && Array.isArray(effect.captured_cups) ? effect.captured_cups : [],
        extra: !!effect.extra_turn,
      }
      : null;
    const looking = this.lookBack !== null && this.past && this.past.id === (game && game.id) ? this.lookBack : null;
    if (looking !== null) {
      // A spectator looking back: the position after that event, from
      // the game's replay (GET /api/games/ID).
      const ply = looking > 0 ? this.past.plies[looking - 1] : null;
      const e = ply && ply.effect;
      this.board.render({
        counts: ply ? ply.position : this.past.start, bottom, playable: new Set(),
        names: Array.from({ length: sides }, (_, side) => seatName(state, seatOf(state, side))),
        owners: Array.from({ length: sides }, (_, side) => sideWho(state, side)),
        toMove: null, mine: null, viewer: mySide, mirror: facts.direction === 'cw',
        tuzdyk: ply && Array.isArray(ply.position.tuzdyk) ? ply.position.tuzdyk : [],
        children: ply && Array.isArray(ply.position.children) ? ply.position.children : [],
        barred: ply ? barredHouse(ply.position) : null,
        burnt: ply && ply.round ? ply.round.burnt : [],
        territory: ply && ply.round && Array.isArray(ply.round.territory) ? ply.round.territory : null,
        last: e && Number.isInteger(moveHouse(ply.event))
          ? { side: e.side, house: moveHouse(ply.event), landing: e.last || null, captured: e.captured > 0 ? e.captured_cups : [], extra: !!e.extra_turn }
          : null,
      });
      this.els.board.dataset.ready = 'idle';
      this.renderTerritory('');
      this.renderToMove();
      return;
    }
    this.board.render({
      counts, bottom, playable,
      names: Array.from({ length: sides }, (_, side) => seatName(state, seatOf(state, side))),
      owners: Array.from({ length: sides }, (_, side) => sideWho(state, side)),
      toMove: game && game.to_move !== null && inProgress(state) ? sideOf(state, game.to_move) : null,
      mine: turn ? mySide : null,
      viewer: mySide,
      mirror: facts.direction === 'cw',
      tuzdyk: game && Array.isArray(game.position.tuzdyk) ? game.position.tuzdyk : [],
      children: game && Array.isArray(game.position.children) ? game.position.children : [],
      barred: game ? barredHouse(game.position) : null,
      burnt: burntHouses(state),
      territory: territoryOf(state),
      last: last && Number.isInteger(last.house) ? last : null,
    });
    // For tests and assistive tools: whether the houses now enabled are
    // the server's legal moves ("yes") or a guess while it answers.
    this.els.board.dataset.ready = turn ? (this.preview ? 'yes' : 'no') : 'idle';
    this.renderTerritory(territorySentence(territoryOf(state), mySide));
    this.renderToMove();
  }

  /**
   * The legend under the board in a round whose houses changed hands:
   * `text`, hidden when empty.
   * @param {string} text
   */
  renderTerritory(text) {
    this.els.territory.hidden = !text;
    this.els.territory.textContent = text;
  }

  /**
   * In a match of rounds, the round being played and the rounds won; for
   * a spectator looking back, those of the event looked at.
   */
  renderRound() {
    const looked = this.lookedRound();
    const state = looked && this.state.game ? { ...this.state, game: { ...this.state.game, round: looked } } : this.state;
    const round = state.game && state.game.round;
    const line = this.els.round;
    line.hidden = !round;
    const [number, won] = /** @type {HTMLElement[]} */ (Array.from(line.children));
    number.textContent = roundSentence(state);
    number.dataset.round = round ? String(round.number) : '';
    won.textContent = roundsWonSentence(state);
    won.dataset.won = round ? round.rounds_won.join(',') : '';
  }

  /**
   * The round of the event a spectator looks back at (from the game's
   * replay), or null when they follow the game.
   * @returns {import('./state.js').Round|null}
   */
  lookedRound() {
    const game = this.state.game;
    if (this.lookBack === null || !this.past || !game || this.past.id !== game.id) return null;
    const ply = this.lookBack > 0 ? this.past.plies[this.lookBack - 1] : null;
    if (ply) return ply.round || null;
    const starts = this.past.round_starts;
    return Array.isArray(starts) && starts[0] ? starts[0].round : null;
  }

  /** Whose turn it is (and their clock, when the server keeps one). */
  renderToMove() {
    const state = this.state;
    this.els.toMove.textContent = toMoveSentence(state);
    // For tests and assistive tools, in any language: whose turn it is.
    const game = state.game;
    this.els.toMove.dataset.turn = !game || !inProgress(state) ? 'none'
      : game.to_move === mySeat(state) ? 'mine' : 'other';
    const clock = state.clock;
    if (clock && inProgress(state) && typeof clock.remaining_ms === 'number') {
      const left = Math.max(0, clock.remaining_ms - (performance.now() - clock.at));
      this.els.toMove.append(' ', h('span', { class: left < 10000 ? 'clock low' : 'clock', dataset: { testid: 'clock' } },
        clockSentence(state, left)));
    }
  }

  /**
   * A spectator's steps back through the game being watched (or the
   * last one): first, back, forward and back to the game; the position
   * looked at is said above the board.
   */
  renderSteps() {
    const state = this.state;
    const game = state.game;
    const plies = game ? game.record.length : 0;
    // In a match of rounds the steps go back through every round (the
    // replay holds them all), each position with its round's burnt
    // houses.
    const watching = mySeat(state) === null && !!game && plies > 0;
    if (!watching) {
      this.lookBack = null;
      replace(this.els.steps);
      this.els.ply.hidden = true;
      return;
    }
    const at = this.lookBack === null ? plies : this.lookBack;
    const button = (/** @type {string} */ testid, /** @type {string} */ label, /** @type {string} */ glyph, /** @type {number} */ to, /** @type {boolean} */ off) =>
      h('button', { type: 'button', class: 'step', dataset: { testid }, 'aria-label': label, title: label, disabled: off, onclick: () => this.lookAt(to) }, glyph);
    replace(this.els.steps,
      button('replay-first', t('replay-first'), '⏮', 0, at === 0),
      button('replay-back', t('replay-back'), '◀', at - 1, at === 0),
      button('replay-forward', t('replay-forward'), '▶', at + 1, at >= plies),
      this.lookBack === null ? null
        : h('button', { type: 'button', dataset: { testid: 'replay-to-live' }, onclick: () => this.lookAt(plies) }, t('replay-to-live')));
    this.els.ply.hidden = this.lookBack === null;
    this.els.ply.dataset.ply = String(at);
    this.els.ply.textContent = this.lookBack === null ? '' : t('replay-looking-back', { ply: at, plies });
  }

  /**
   * Looks at the position after event `k` of the game watched (its
   * last: back to the game as it goes on).
   * @param {number} k
   */
  async lookAt(k) {
    const game = this.state.game;
    if (!game) return;
    const plies = game.record.length;
    if (k >= plies) {
      this.lookBack = null;
      this.render();
      return;
    }
    const to = Math.max(0, k);
    if (!this.past || this.past.id !== game.id || this.past.plies.length < to) {
      try {
        this.past = await request('GET', `/api/games/${game.id}`);
      } catch (e) {
        this.fail(e);
        return;
      }
    }
    this.lookBack = to;
    this.render();
  }

  armResign() {
    this.resignArmed = true;
    this.render();
    setTimeout(() => { this.resignArmed = false; this.render(); }, 4000);
  }

  // --- playing ------------------------------------------------------------

  async loadPreview() {
    const game = /** @type {import('./state.js').Game} */ (this.state.game);
    const key = `${game.id}:${game.position.ply}:${game.record.length}`;
    if (this.previewKey === key) return;
    this.previewKey = key;
    this.preview = null;
    try {
      const answer = await request('POST', '/api/preview', { rules: roundRules(this.state), position: game.position, burnt: burntHouses(this.state) });
      if (this.previewKey !== key) return;
      this.preview = new Map(answer.moves.map((/** @type {any} */ m) => [previewKey(m.move), m.effect]));
      this.render();
    } catch {
      // Without a preview every non-empty house stays playable and the
      // server still checks each move.
    }
  }

  /**
   * Shows where move `n` (a house, or `3cw` for a house and the
   * direction chosen) would put its last seed and what it captures.
   * @param {number|string|null} n
   */
  showPreview(n) {
    this.previewing = typeof n === 'number' ? n : null;
    const effect = n === null || !this.preview ? null : this.preview.get(n);
    const mine = mySeat(this.state);
    if (n === null || !effect || mine === null) {
      this.board.mark({});
      this.els.hint.textContent = '';
      return;
    }
    const house = typeof n === 'number' ? n : moveHouse(n);
    this.board.mark({
      selected: [{ kind: 'house', side: sideOf(this.state, mine), number: house }],
      landing: effect.last ? [effect.last] : [],
      capture: effect.captured_cups || [],
    });
    this.els.hint.textContent = previewSentence(this.state, n, effect);
  }

  /**
   * The legal moves of this page's turn, as text: the server's
   * (`legal_moves`), else the preview's.
   * @returns {string[]}
   */
  legalMoves() {
    const game = this.state.game;
    if (game && Array.isArray(game.legal_moves)) return game.legal_moves;
    return this.preview ? [...this.preview.keys()].map((k) => (k === -1 ? 'swap' : String(k))) : [];
  }

  /**
   * Offers the two directions of house `n` of `side` (the engine's `m`)
   * when the player chooses its direction: a tap on an arrow plays it.
   * @param {number} side
   * @param {number} n
   * @param {number} m
   * @param {boolean} keyboard
   * @returns {boolean} whether it did
   */
  offerWays(side, n, m, keyboard) {
    if (!myTurn(this.state) || !choiceHouses(this.legalMoves()).has(m)) return false;
    this.ways.show(this.board, side, n, m, {
      pick: (sense) => this.play(`${m}${sense}`),
      preview: (sense) => this.showPreview(sense ? `${m}${sense}` : null),
    }, keyboard);
    return true;
  }

  /** @param {string} text a house number, a house and its direction (`3cw`), or `swap` */
  play(text) {
    if (this.state.pending) return;
    this.ways.close();
    /** @type {any} */
    const message = { type: 'move', move: text };
    // Pass and play: name the seat, so a move meant for one seat is never
    // played for another.
    if (passAndPlay(this.state)) message.seat = mySeat(this.state);
    if (this.send(message)) {
      this.board.mark({});
      this.els.hint.textContent = '';
      this.update({ type: 'sent' });
    }
  }

  /**
   * Digits play houses; Escape clears the marks.
   * @param {KeyboardEvent} e
   */
  key(e) {
    const target = /** @type {HTMLElement} */ (e.target);
    if (e.ctrlKey || e.metaKey || e.altKey || (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    if (/^[1-9]$/.test(e.key)) {
      const mine = mySeat(this.state);
      if (mine === null) return;
      const side = sideOf(this.state, mine);
      const el = this.board.cupEl({ kind: 'house', side, number: Number(e.key) });
      if (el && el.classList.contains('playable')) {
        e.preventDefault();
        const n = Number(e.key);
        if (!this.offerWays(side, n, n, true)) this.play(e.key);
      }
    } else if (e.key === 'Escape') {
      this.board.mark({});
      this.els.hint.textContent = '';
    }
  }
}

/**
 * The preview's key of a legal move's text: a house's number, -1 for
 * `swap`, the text itself for a house and a direction (`3cw`).
 * @param {string} text
 * @returns {number|string}
 */
function previewKey(text) {
  if (text === 'swap') return -1;
  const m = parseMove(text);
  return m && !m.sense ? m.house : text;
}

/**
 * The computer level asked for by "play the computer" for room `code`
 * (home.js leaves it in sessionStorage), taken once.
 * @param {string} code
 * @returns {{level: number}|null}
 */
function takeAutoplay(code) {
  try {
    const auto = JSON.parse(sessionStorage.getItem('mancala.autoplay') || 'null');
    if (!auto || auto.code !== code) return null;
    sessionStorage.removeItem('mancala.autoplay');
    return { level: Number(auto.level) || 3 };
  } catch {
    return null;
  }
}
