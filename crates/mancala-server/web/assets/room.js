// A room: the WebSocket connection (hello, then the room's messages),
// the seats, start and rematch, the board, the moves and the result.
// The server holds the game; this page shows what it says, and asks it
// (POST /api/preview) what each legal move would do.

import { inviteLink, request } from './api.js';
import { Board, seeds } from './board.js';
import { h, replace, say } from './dom.js';
import { animateSowing, parseRules } from './sow.js';

const PROTOCOL_VERSION = 1;

export class RoomPage {
  /**
   * @param {HTMLElement} main
   * @param {import('./api.js').Player} player
   * @param {string} code
   */
  constructor(main, player, code) {
    this.player = player;
    this.code = code;
    /** @type {any} */ this.room = null;
    /** The rule set "How to play" shows or is loading. */
    this.explained = '';
    /** @type {any} */ this.game = null;
    /** @type {any} */ this.ratings = null;
    /** @type {{seat: number|null, text: string, by?: string|null}[]} */ this.moves = [];
    /** @type {Map<number, any>|null} */ this.preview = null;
    this.previewKey = '';
    this.pending = false;
    this.closed = false;
    this.welcomed = false;
    this.failures = 0;
    /** @type {WebSocket|null} */ this.ws = null;
    this.queue = Promise.resolve();
    this.resignArmed = false;
    /** @type {{seat: number, remaining_ms: number, at: number}|null} */ this.clock = null;
    /** "Play the computer": the level to seat, until the game starts. */
    this.autoplay = takeAutoplay(code);
    this.autoStep = '';
    this.buildPage(main);
    this.board = new Board(this.els.board, {
      choose: (n) => this.showPreview(n),
      play: (n) => this.play(String(n)),
    });
    this.onKey = (/** @type {KeyboardEvent} */ e) => this.key(e);
    document.addEventListener('keydown', this.onKey);
    // A turn clock, when the server sends one, counts down between messages.
    this.ticker = setInterval(() => { if (this.clock) this.renderToMove(); }, 500);
    // A device that loses its network may keep a socket that no longer
    // carries anything: drop it at once (the server then holds the seat
    // as away), and connect again as soon as the network is back.
    this.onOffline = () => { if (this.ws) this.ws.close(); };
    this.onOnline = () => { this.failures = 0; this.connect(); };
    window.addEventListener('offline', this.onOffline);
    window.addEventListener('online', this.onOnline);
    this.connect();
  }

  /** Leaves the room (the page moves elsewhere). */
  close() {
    this.closed = true;
    clearInterval(this.ticker);
    document.removeEventListener('keydown', this.onKey);
    window.removeEventListener('offline', this.onOffline);
    window.removeEventListener('online', this.onOnline);
    if (this.ws) this.ws.close();
  }

  buildPage(main) {
    const link = inviteLink(this.code);
    const invite = h('input', { id: 'invite', readonly: true, value: link, dataset: { testid: 'invite-link' }, class: 'invite' });
    const copy = h('button', { type: 'button' }, 'Copy');
    copy.addEventListener('click', () => this.copy(invite));
    this.els = {
      rules: h('p', { class: 'note', dataset: { testid: 'rules' } }),
      howTo: h('details', { class: 'how-to', dataset: { testid: 'how-to' } },
        h('summary', {}, 'How to play these rules'), h('p', { class: 'note' }, 'Loading…')),
      conn: h('p', { class: 'conn', role: 'status' }),
      seats: h('ul', { class: 'seats' }),
      spectators: h('p', { class: 'note' }),
      controls: h('div', { class: 'controls' }),
      toMove: h('p', { class: 'to-move', dataset: { testid: 'to-move' } }),
      announce: h('p', { class: 'status', role: 'status', 'aria-live': 'polite', dataset: { announce: '1' } }),
      board: h('div', { class: 'board-wrap' }),
      hint: h('p', { class: 'hint', id: 'hint' }),
      result: h('section', { class: 'result', dataset: { testid: 'result' }, hidden: true }),
      moves: h('ol', { class: 'moves', dataset: { testid: 'moves' } }),
      error: h('p', { class: 'error', role: 'alert' }),
    };
    replace(main,
      h('h1', {}, 'Room'),
      this.els.rules,
      this.els.howTo,
      h('div', { class: 'row invite-row' }, h('label', { for: 'invite' }, 'Invite link'), invite, copy),
      this.els.conn,
      h('section', { 'aria-label': 'Seats' }, this.els.seats, this.els.spectators),
      this.els.controls,
      this.els.toMove,
      this.els.board,
      this.els.hint,
      this.els.announce,
      this.els.error,
      this.els.result,
      h('section', { 'aria-label': 'Moves', class: 'moves-box' }, h('h2', {}, 'Moves'), this.els.moves),
      h('p', {}, h('a', { href: '/', dataset: { internal: '1' } }, 'Home')),
    );
  }

  async copy(input) {
    try {
      await navigator.clipboard.writeText(input.value);
      say('Invite link copied.');
    } catch {
      input.select();
      say('Select the link and copy it (Ctrl+C).');
    }
  }

  // --- the connection ---------------------------------------------------

  connect() {
    // Once: a retry already scheduled finds the page connected again.
    if (this.closed || this.ws) return;
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${location.host}/ws/rooms/${this.code}`);
    this.ws = ws;
    ws.addEventListener('open', () => {
      ws.send(JSON.stringify({ type: 'hello', version: PROTOCOL_VERSION, player: this.player.id, secret: this.player.secret }));
    });
    ws.addEventListener('message', (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      // One at a time, in order: an animation finishes before the next
      // message shows.
      this.queue = this.queue.then(() => this.handle(message)).catch((e) => this.fail(e));
    });
    ws.addEventListener('close', () => {
      if (this.ws !== ws || this.closed) return;
      this.ws = null;
      this.failures += 1;
      this.welcomed = false;
      this.pending = false;
      this.els.conn.textContent = this.failures > 3 && !this.room
        ? 'Cannot join this room: it does not exist, or the server cannot be reached. Trying again…'
        : 'Reconnecting…';
      this.render();
      const delay = Math.min(5000, 250 * 2 ** Math.min(this.failures, 5));
      setTimeout(() => this.connect(), delay);
    });
  }

  /** @param {any} message */
  send(message) {
    if (this.ws && this.welcomed) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    this.els.error.textContent = 'Not connected: try again in a moment.';
    return false;
  }

  /** @param {unknown} e */
  fail(e) {
    this.els.error.textContent = 'Something went wrong on this page: ' + (e instanceof Error ? e.message : String(e));
  }

  /** @param {any} m */
  async handle(m) {
    switch (m.type) {
      case 'welcome':
        this.welcomed = true;
        this.failures = 0;
        this.els.conn.textContent = '';
        break;
      case 'room':
        this.room = m;
        if (m.game && (!this.game || this.game.id !== m.game.id || m.game.events.length !== this.moves.length)) {
          this.setGame(m.game);
        } else if (m.game) {
          this.game.clock = m.game.clock;
        }
        this.sitIfCreator();
        this.autoplayStep();
        break;
      case 'started':
        this.setGame(m);
        this.ratings = null;
        say(this.startSentence());
        break;
      case 'moved':
        await this.moved(m);
        break;
      case 'resigned':
        if (this.game) {
          this.game.position = m.position;
          this.game.to_move = m.to_move;
          this.moves.push({ seat: m.seat, text: 'resigned' });
        }
        say(`${this.seatName(m.seat)} resigned.`);
        break;
      case 'over':
        if (this.game) this.game.outcome = m.outcome;
        this.ratings = m.ratings || null;
        say(this.resultSentence());
        break;
      case 'error':
        this.pending = false;
        this.refused(m);
        break;
      default:
        // Later protocol versions may add messages: ignore them.
        break;
    }
    // `clock: {seat, remaining_ms}` on any message (or on a room's game).
    const clock = m.clock !== undefined ? m.clock : m.type === 'room' && m.game ? m.game.clock : undefined;
    if (clock !== undefined) this.clock = clock ? { ...clock, at: performance.now() } : null;
    this.render();
  }

  setGame(game) {
    this.game = { ...game };
    this.moves = (game.events || []).map((/** @type {string} */ text) => ({ seat: null, text }));
    this.pending = false;
    if (game.outcome === null) this.ratings = null;
  }

  /** The host sits down in a room they just created. */
  sitIfCreator() {
    if (sessionStorage.getItem('mancala.created') !== this.code) return;
    sessionStorage.removeItem('mancala.created');
    if (this.mySeat() === null && !this.inProgress()) this.send({ type: 'sit' });
  }

  /**
   * "Play the computer", one step per `room` message: the host sits
   * (sitIfCreator), fills the first free seat with the computer, starts.
   */
  autoplayStep() {
    const auto = this.autoplay;
    if (!auto || !this.room || this.inProgress() || this.room.host !== this.player.id) return;
    if (this.mySeat() === null) return;
    const seats = this.room.seats;
    const computers = seats.filter((/** @type {any} */ s) => s && isComputer(s.player)).length;
    if (computers === 0) {
      const free = seats.findIndex((/** @type {any} */ s) => !s);
      if (free < 0 || this.autoStep === 'computer') return;
      this.autoStep = 'computer';
      this.send({ type: 'computer', seat: free, level: auto.level });
    } else if (this.autoStep !== 'start') {
      this.autoStep = 'start';
      this.autoplay = null;
      this.send({ type: 'start' });
    }
  }

  refused(m) {
    if (m.code === 'unauthorized') {
      // This server does not know the stored player (a new database):
      // start again as a new player.
      localStorage.removeItem('mancala.player');
      location.reload();
      return;
    }
    this.els.error.textContent = m.message || m.code;
  }

  /** @param {any} m a `moved` message */
  async moved(m) {
    const game = this.game;
    if (!game) return;
    this.pending = false;
    this.board.mark({});
    const house = Number(m.move);
    if (Number.isInteger(house)) {
      await animateSowing(this.board, game.position, m.effect, house);
    }
    game.position = m.position;
    game.to_move = m.to_move;
    this.moves.push({ seat: m.seat, text: m.move, by: m.by === 'computer' ? m.reason : null });
    this.els.error.textContent = '';
    const captured = m.effect && m.effect.captured_cups ? m.effect.captured_cups : [];
    this.board.mark({ captured });
    say(this.moveSentence(m) + this.passSentence(m));
  }

  // --- what the page shows ----------------------------------------------

  /** The seats of this page's player: one, or several in pass and play. */
  mySeats() {
    if (!this.room) return [];
    return this.room.seats.flatMap((/** @type {any} */ s, i) => (s && s.player === this.player.id ? [i] : []));
  }

  /** The seat this page acts for: its player's, or (pass and play) the one of theirs to move. */
  mySeat() {
    const seats = this.mySeats();
    if (!seats.length) return null;
    if (this.inProgress() && seats.includes(this.game.to_move)) return this.game.to_move;
    return seats[0];
  }

  /** Whether one person holds several seats here (pass and play). */
  passAndPlay() {
    return this.mySeats().length > 1;
  }

  inProgress() {
    return !!this.game && !this.game.outcome && this.game.to_move !== null;
  }

  /** The board side of `seat` (the pie rule swaps the first two). */
  sideOf(seat) {
    const pie = this.game && this.game.position.pie;
    return pie === 'swapped' && seat < 2 ? 1 - seat : seat;
  }

  seatName(seat) {
    if (seat === null || seat === undefined || !this.room) return '?';
    const s = this.room.seats[seat];
    // In pass and play every seat is "you": they go by name and seat.
    if (seat === this.mySeat() && !this.passAndPlay()) return 'You';
    if (!s) return `Seat ${seat + 1}`;
    const name = s.name || (isComputer(s.player) ? 'Computer' : `Seat ${seat + 1}`);
    // Two computers of a level (or two people of a name) are told apart by their seat.
    const twin = this.room.seats.some((/** @type {any} */ o, i) => o && i !== seat && o.name === s.name);
    return twin ? `${name} (seat ${seat + 1})` : name;
  }

  /** The rules of the board shown: the game's, else those of a game started now. */
  rules() {
    return parseRules((this.game && this.game.rules) || this.room.rules);
  }

  render() {
    if (!this.room) return;
    const rules = this.rules();
    const next = parseRules(this.room.rules);
    const options = [
      `${next.players} players`, `${next.houses} houses`, `${next.seeds} seeds`,
      this.room.rated ? 'rated' : 'casual',
      this.room.turn_seconds ? `${this.room.turn_seconds} s a turn` : 'no time limit',
    ];
    if (this.room.rotation) options.push('first player rotates');
    const hr = this.room.house_rules;
    if (hr && Number(next.players) > 2) options.push(`captures from ${hr.capture === 'all' ? 'all the others' : hr.capture === 'next' ? 'the next player' : 'the player across'}`);
    this.els.rules.textContent = options.join(' · ');
    this.els.rules.dataset.rules = (this.game && this.game.rules) || this.room.rules;
    this.explain(this.els.rules.dataset.rules);
    this.renderSeats();
    this.renderControls();
    this.renderBoard(rules);
    this.renderResult();
    replace(this.els.moves, ...this.moves.map((mv) => h('li', { dataset: { move: mv.text } },
      mv.seat === null ? mv.text : `${this.seatName(mv.seat)}: ${mv.text}`,
      mv.by && mv.by !== 'computer_seat' ? ` (computer, ${REASONS[mv.by] || mv.by})` : '')));
  }

  /**
   * Fills "How to play these rules" with the rules of `spec` in words
   * (POST /api/explain, worked out from the rule set by the engine), once
   * per rule set.
   */
  async explain(spec) {
    if (this.explained === spec) return;
    this.explained = spec;
    const box = this.els.howTo;
    const summary = box.querySelector('summary');
    try {
      const { explanation } = await request('POST', '/api/explain', { rules: spec });
      if (this.explained !== spec) return;
      replace(box, summary, h('dl', { class: 'explanation' }, ...explanation.flatMap((/** @type {any} */ r) => [
        h('dt', {}, r.topic), h('dd', {}, r.text)])));
    } catch (e) {
      if (this.explained !== spec) return;
      replace(box, summary, h('p', { class: 'error' }, 'Cannot load the rules: ' + (e instanceof Error ? e.message : String(e))));
    }
  }

  renderSeats() {
    const mine = this.mySeat();
    const seats = this.mySeats();
    const between = !this.inProgress();
    const isHost = this.room.host === this.player.id;
    replace(this.els.seats, ...this.room.seats.map((/** @type {any} */ s, i) => {
      // During a game the seats left empty are not part of it.
      if (!s && !between) return null;
      const parts = [h('span', { class: 'seat-no' }, `Seat ${i + 1}`), ' '];
      if (!s) {
        parts.push(h('span', { class: 'empty' }, 'empty'));
        if (between && mine === null) parts.push(' ', h('button', { type: 'button', dataset: { testid: `sit-${i}` }, onclick: () => this.send({ type: 'sit', seat: i }) }, 'Sit here'));
        // Pass and play: one device, several seats (casual rooms only).
        if (between && mine !== null && !this.room.rated) {
          parts.push(' ', h('button', {
            type: 'button', dataset: { testid: `sit-also-${i}` }, title: 'Pass and play: you play this seat too, on this device',
            onclick: () => this.send({ type: 'sit', seat: i, also: true }),
          }, 'Sit here too'));
        }
        if (between && isHost) parts.push(' ', this.computerPicker(i, null));
      } else {
        const computer = isComputer(s.player);
        parts.push(h('span', { class: 'name' }, seats.includes(i) ? `${s.name} (you)` : this.seatName(i)));
        if (s.player === this.room.host) parts.push(h('span', { class: 'tag' }, 'host'));
        if (s.away) parts.push(h('span', { class: 'tag away', dataset: { testid: `away-${i}` } }, 'away'));
        if (s.played_by === 'computer' && !computer) {
          parts.push(h('span', { class: 'tag takeover', dataset: { testid: `played-by-${i}` } }, `computer playing for ${s.name}`));
        }
        if (between && isHost && computer) {
          parts.push(' ', this.computerPicker(i, Number(s.player.slice(3))),
            ' ', h('button', { type: 'button', dataset: { testid: `empty-${i}` }, onclick: () => this.send({ type: 'computer', seat: i, level: null }) }, 'Empty the seat'));
        }
        if (between && i === seats[0]) {
          parts.push(' ', h('button', { type: 'button', dataset: { testid: 'stand' }, onclick: () => this.send({ type: 'stand' }) },
            seats.length > 1 ? 'Stand up (all your seats)' : 'Stand up'));
        }
      }
      const turn = this.inProgress() && this.game.to_move === i;
      return h('li', { class: turn ? 'seat to-move' : 'seat', dataset: { testid: `seat-${i}` } }, ...parts);
    }));
    const watchers = this.room.spectators;
    this.els.spectators.textContent = Array.isArray(watchers) && watchers.length
      ? `Watching: ${watchers.map((/** @type {any} */ w) => (typeof w === 'string' ? w : w.name)).join(', ')}.`
      : '';
    if (mine === null) this.els.spectators.append(watchers && watchers.length ? ' ' : '', 'You are watching.');
  }

  /**
   * The host's computer for seat `seat`: a level (1 to 10) and a button
   * that seats it there, or changes the level of the computer there.
   * @param {number} seat
   * @param {number|null} level the computer's level, null for an empty seat
   */
  computerPicker(seat, level) {
    const select = /** @type {HTMLSelectElement} */ (h('select', {
      'aria-label': `Computer level for seat ${seat + 1}`, dataset: { testid: `level-${seat}` },
    }, ...Array.from({ length: 10 }, (_, k) => h('option', { value: k + 1 }, `level ${k + 1}`))));
    select.value = String(level ?? 3);
    if (level !== null) {
      select.addEventListener('change', () => this.send({ type: 'computer', seat, level: Number(select.value) }));
      return select;
    }
    return h('span', { class: 'picker' }, select, ' ', h('button', {
      type: 'button', dataset: { testid: `computer-${seat}` },
      onclick: () => this.send({ type: 'computer', seat, level: Number(select.value) }),
    }, 'Computer'));
  }

  /** Enough people and computers seated to start. */
  canStart() {
    const seats = this.room.seats;
    const seated = seats.filter((/** @type {any} */ s) => s).length;
    const min = this.room.min_players || seats.length;
    return min >= seats.length ? seated === seats.length : seated >= min;
  }

  renderControls() {
    const isHost = this.room.host === this.player.id;
    const mine = this.mySeat();
    const controls = [];
    if (!this.inProgress()) {
      const again = !!(this.game && this.game.outcome);
      const ready = this.canStart();
      if (isHost) {
        controls.push(h('button', {
          type: 'button', class: 'primary', disabled: !ready,
          dataset: { testid: again ? 'rematch' : 'start-game' },
          onclick: () => this.send({ type: 'start' }),
        }, again ? 'Rematch' : 'Start the game'));
        if (!ready) {
          const min = this.room.min_players || this.room.seats.length;
          controls.push(h('span', { class: 'note' }, min >= this.room.seats.length
            ? ' Every seat must be taken.'
            : ` At least ${min} players (people or computers) must be seated.`));
        }
      } else {
        controls.push(h('span', { class: 'note' }, again ? 'Waiting for the host to start a rematch.' : 'Waiting for the host to start.'));
      }
    } else if (mine !== null && !this.game.position.resigned.includes(this.sideOf(mine))) {
      const resign = h('button', { type: 'button', dataset: { testid: 'resign' } }, this.resignArmed ? 'Really resign?' : 'Resign');
      resign.addEventListener('click', () => {
        if (!this.resignArmed) {
          this.resignArmed = true;
          this.renderControls();
          setTimeout(() => { this.resignArmed = false; this.renderControls(); }, 4000);
          return;
        }
        this.resignArmed = false;
        this.send({ type: 'resign' });
      });
      controls.push(resign);
      if (this.preview && this.preview.has(-1)) {
        controls.push(' ', h('button', { type: 'button', onclick: () => this.play('swap') }, 'Swap sides (pie rule)'));
      }
    }
    if (this.passAndPlay()) {
      const turn = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', id: 'turn-board', dataset: { testid: 'turn-board' }, checked: !fixedBoard() }));
      turn.addEventListener('change', () => {
        localStorage.setItem(FIXED_BOARD, turn.checked ? 'no' : 'yes');
        this.render();
      });
      controls.push(h('span', { class: 'row' }, turn, h('label', { for: 'turn-board' }, 'Pass and play: turn the board to the player to move')));
    }
    replace(this.els.controls, ...controls);
  }

  renderBoard(rules) {
    const game = this.game;
    const sides = game ? game.position.houses.length : Number(rules.players) || 2;
    const houses = Number(rules.houses) || 6;
    const counts = game
      ? game.position
      : { houses: Array.from({ length: sides }, () => Array(houses).fill(Number(rules.seeds) || 0)), stores: Array(sides).fill(0) };
    let mine = this.mySeat();
    if (mine !== null && mine >= sides) mine = null;
    const mySide = mine === null ? null : this.sideOf(mine);
    const toMoveSide = game && game.to_move !== null ? this.sideOf(game.to_move) : null;
    const myTurn = !!game && mine !== null && game.to_move === mine && !this.pending;
    if (myTurn) this.loadPreview();
    /** @type {Set<number>} */
    const playable = new Set();
    if (myTurn && mySide !== null) {
      counts.houses[mySide].forEach((k, i) => {
        const n = i + 1;
        if (this.preview ? this.preview.has(n) : k > 0) playable.add(n);
      });
    }
    const names = Array.from({ length: sides }, (_, side) => this.seatName(this.sideOf(side)));
    // Pass and play: the side to move at the bottom, or the first seat's
    // side always (the player's choice).
    const first = this.mySeats()[0];
    const bottom = this.passAndPlay() && fixedBoard() && first < sides ? this.sideOf(first) : mySide ?? 0;
    this.board.render({
      counts, bottom, names, toMove: toMoveSide, playable,
      mine: myTurn ? mySide : null,
      viewer: mySide,
      mirror: rules.direction === 'cw',
      tuzdyk: game && Array.isArray(game.position.tuzdyk) ? game.position.tuzdyk : [],
    });
    // For tests and assistive tools: whether the houses now enabled are
    // the server's legal moves ("yes") or a guess while it answers.
    this.els.board.dataset.ready = myTurn ? (this.preview ? 'yes' : 'no') : 'idle';
    this.renderToMove();
  }

  /** Whose turn it is (and their clock, when the server keeps one). */
  renderToMove() {
    const game = this.game;
    const mine = this.mySeat();
    if (!game) this.els.toMove.textContent = 'The game has not started.';
    else if (game.outcome || game.to_move === null) this.els.toMove.textContent = 'Game over.';
    else if (game.to_move === mine) this.els.toMove.textContent = `Your turn (${this.passAndPlay() ? this.seatName(mine) : this.room.seats[mine].name}).`;
    else this.els.toMove.textContent = `${this.seatName(game.to_move)} to move.`;
    const clock = this.clock;
    if (clock && this.inProgress() && typeof clock.remaining_ms === 'number') {
      const left = Math.max(0, clock.remaining_ms - (performance.now() - clock.at));
      const who = clock.seat === mine ? 'you have' : `${this.seatName(clock.seat)} has`;
      const el = h('span', { class: left < 10000 ? 'clock low' : 'clock', dataset: { testid: 'clock' } },
        ` Clock: ${who} ${Math.ceil(left / 1000)} s.`);
      this.els.toMove.append(el);
    }
  }

  renderResult() {
    const outcome = this.game && this.game.outcome;
    const el = this.els.result;
    el.hidden = !outcome;
    if (!outcome) {
      replace(el);
      return;
    }
    const rows = outcome.ranks.map((/** @type {number} */ _, seat) => {
      const side = this.sideOf(seat);
      const change = this.ratings && this.ratings.find((/** @type {any} */ r) => r.seat === seat);
      return { seat, rank: outcome.ranks[side], score: outcome.scores[side], change };
    }).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
    replace(el,
      h('h2', {}, this.resultSentence()),
      h('ol', { class: 'ranks' }, ...rows.map((r) => h('li', {},
        `${ordinal(r.rank)}: ${this.seatName(r.seat)}, ${seeds(r.score)}`,
        r.change ? ` · rating ${Math.round(r.change.rating_before)} → ${Math.round(r.change.rating_after)} (${signed(r.change.rating_after - r.change.rating_before)})` : ''))),
      h('p', { class: 'note' }, `Ended by ${String(outcome.reason).replace(/_/g, ' ')}.`));
  }

  resultSentence() {
    const outcome = this.game && this.game.outcome;
    if (!outcome) return '';
    if (outcome.winner === null || outcome.winner === undefined) return 'Game over: a draw for first place.';
    const seat = this.sideOf(outcome.winner);
    const who = this.seatName(seat);
    return who === 'You' ? 'Game over: you win!' : `Game over: ${who} wins.`;
  }

  startSentence() {
    const first = this.game ? this.game.to_move : null;
    if (first === null) return 'The game started.';
    return first === this.mySeat() ? 'The game started: you move first.' : `The game started: ${this.seatName(first)} moves first.`;
  }

  moveSentence(m) {
    const who = this.seatName(m.seat);
    const e = m.effect || {};
    const forWhom = m.by === 'computer' && m.reason && m.reason !== 'computer_seat'
      ? ` (the computer, ${REASONS[m.reason] || m.reason})` : '';
    if (m.move === 'swap') return `${who}${forWhom} swapped sides.`;
    let text = `${who}${forWhom} played house ${m.move}`;
    if (e.relays > 0) text += `, the sowing going on from ${e.relays === 1 ? 'another house' : `${e.relays} more houses`}`;
    if (e.captured > 0) text += `${e.relays > 0 ? ',' : ''} and captured ${seeds(e.captured)}`;
    text += '.';
    if (e.tuzdyk) text += ` ${who === 'You' ? 'Your' : `${who}'s`} tuzdyk is now ${this.cupName(e.tuzdyk)}.`;
    if (e.extra_turn) text += ` Extra turn: ${who === 'You' ? 'you move' : who + ' moves'} again.`;
    return text;
  }

  /**
   * Under `no_move = pass` (docs/rules.md section 7) a player with no
   * legal move is passed over: the seats between the one expected to
   * move after `m` (the mover again for an extra turn, else the next
   * seat) and the one the server says is to move.
   */
  passSentence(m) {
    const e = m.effect || {};
    // A game's seats are 0..players-1 (the server seats them so at start).
    const seats = this.game ? this.game.position.houses.length : 0;
    if (this.rules().no_move !== 'pass' || m.to_move === null || m.to_move === undefined || !seats) return '';
    const passed = [];
    for (let s = e.extra_turn ? m.seat : (m.seat + 1) % seats; s !== m.to_move && passed.length < seats; s = (s + 1) % seats) {
      passed.push(s);
    }
    if (!passed.length || passed.length >= seats) return '';
    const names = passed.map((s) => this.seatName(s));
    const are = names.length > 1 || names[0] === 'You' ? 'are' : 'is';
    return ` ${names.join(' and ')} cannot move and ${are} passed over.`;
  }

  // --- playing ------------------------------------------------------------

  async loadPreview() {
    const game = this.game;
    const key = `${game.id}:${game.position.ply}:${this.moves.length}`;
    if (this.previewKey === key) return;
    this.previewKey = key;
    this.preview = null;
    try {
      const answer = await request('POST', '/api/preview', { rules: this.room.rules, position: game.position });
      if (this.previewKey !== key) return;
      this.preview = new Map(answer.moves.map((/** @type {any} */ m) => [m.move === 'swap' ? -1 : Number(m.move), m.effect]));
      this.render();
    } catch {
      // Without a preview every non-empty house stays playable and the
      // server still checks each move.
    }
  }

  /** Shows where house `n`'s last seed lands and what it captures. */
  showPreview(n) {
    const effect = n === null || !this.preview ? null : this.preview.get(n);
    if (!effect) {
      this.board.mark({});
      this.els.hint.textContent = '';
      return;
    }
    const mine = this.sideOf(/** @type {number} */ (this.mySeat()));
    this.board.mark({
      selected: [{ kind: 'house', side: mine, number: n }],
      landing: effect.last ? [effect.last] : [],
      capture: effect.captured_cups || [],
    });
    let text = `House ${n}: the last seed lands in ${this.cupName(effect.last)}`;
    if (effect.captured > 0) text += `, capturing ${seeds(effect.captured)}`;
    if (effect.extra_turn) text += ', for an extra turn';
    this.els.hint.textContent = text + '.';
  }

  cupName(cup) {
    if (!cup) return 'nowhere';
    const owner = this.seatName(this.sideOf(cup.side));
    const whose = owner === 'You' ? 'your' : `${owner}'s`;
    return cup.kind === 'store' ? `${whose} store` : `${whose} house ${cup.number}`;
  }

  play(text) {
    if (this.pending) return;
    /** @type {any} */
    const message = { type: 'move', move: text };
    // Pass and play: name the seat, so a move meant for one seat is never
    // played for another.
    if (this.passAndPlay()) message.seat = this.mySeat();
    if (this.send(message)) {
      this.pending = true;
      this.board.mark({});
      this.els.hint.textContent = '';
      this.render();
    }
  }

  /** Digits play houses; Escape clears the marks. */
  key(e) {
    const target = /** @type {HTMLElement} */ (e.target);
    if (e.ctrlKey || e.metaKey || e.altKey || (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    if (/^[1-9]$/.test(e.key)) {
      const n = Number(e.key);
      const mine = this.mySeat();
      if (mine === null) return;
      const el = this.board.cupEl({ kind: 'house', side: this.sideOf(mine), number: n });
      if (el && !(/** @type {HTMLButtonElement} */ (el).disabled)) {
        e.preventDefault();
        this.play(String(n));
      }
    } else if (e.key === 'Escape') {
      this.board.mark({});
      this.els.hint.textContent = '';
    }
  }
}

/** localStorage: "yes" when pass and play keeps the board fixed. */
const FIXED_BOARD = 'mancala.fixedBoard';

function fixedBoard() {
  return localStorage.getItem(FIXED_BOARD) === 'yes';
}

/** Why the computer played a move for a person's seat. */
const REASONS = { resigned: 'resigned', takeover: 'away', timeout: 'out of time' };

/** Whether `player` is the computer (`ai:N`). */
function isComputer(player) {
  return typeof player === 'string' && player.startsWith('ai:');
}

/**
 * The computer level asked for by "play the computer" for room `code`
 * (home.js leaves it in sessionStorage), taken once.
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

function ordinal(n) {
  return n === 1 ? '1st' : n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`;
}

function signed(x) {
  const r = Math.round(x);
  return r > 0 ? `+${r}` : String(r);
}
