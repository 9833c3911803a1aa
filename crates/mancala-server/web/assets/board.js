// @ts-check
// The board: a view of a position (state in, DOM out) that knows no
// rules. Two players sit on the classic two rows with the stores at the
// ends; three and four around a triangle or a square, every side's
// houses along one edge and its store at the corner where its sowing
// turns, in counter-clockwise turn order. The viewer's side is always at
// the bottom. Under `direction = cw` the whole board is the mirror image
// (docs/rules.md section 3): stores on their owners' left, house 1 on
// their right, the sides following each other clockwise.
//
// Seeds are drawn as stones (stones.js) with the count on each cup; the
// last move stays marked; arrow keys move along the playable houses. A
// board wider than its place (a phone) scrolls inside itself. The sowing
// is animated by sow.js, which drives `show` and `mark`.
//
// In a round whose houses changed hands (`rounds = territory`,
// docs/rules.md section 8a) the board is drawn as it stands, two rows of
// the rules' houses, each house marked by its owner (their colour, an
// arrow toward their row, its number among their houses); the engine's
// counts, cups and moves name the round's wider board, and `territory`
// says which house of the board each of them is.
//
// A house barred this turn (`no_undo`, docs/rules.md section 4) has a
// bar over it and says so in its name and tooltip; for its owner, to
// move, it stays focusable (`aria-disabled`), and a click says why it
// cannot be played instead of playing it.

import { h, replace } from './dom.js';
import { num, t } from './i18n.js';
import { capOf, drawStones } from './stones.js';

/**
 * @typedef {{kind: 'house', side: number, number: number} | {kind: 'store', side: number}} Cup
 * @typedef {{owner: number, house: number}} OwnedHouse
 * @typedef {{houses: number[][], stores: number[]}} Counts
 * @typedef {{
 *   counts: Counts,
 *   bottom: number,
 *   names: string[],
 *   owners: {who: string, you: string}[],
 *   toMove: number|null,
 *   playable: Set<number>,
 *   mine: number|null,
 *   viewer?: number|null,
 *   mirror?: boolean,
 *   tuzdyk?: number[],
 *   children?: number[],
 *   burnt?: number[][],
 *   barred?: {side: number, house: number}|null,
 *   territory?: OwnedHouse[][]|null,
 *   last?: {side: number, house: number, landing?: Cup|null, captured?: Cup[], extra?: boolean}|null,
 * }} BoardState
 */

export class Board {
  /**
   * @param {HTMLElement} container
   * @param {{
   *   choose: (n: number|null) => void, play: (n: number) => void,
   *   barred?: (n: number) => void,
   *   ways?: (side: number, n: number, m: number, keyboard: boolean) => boolean,
   * }} actions `barred`: says why a barred house is not played;
   *   `ways`: offers the directions of a house whose direction the player
   *   chooses (direction.js), true when it did
   */
  constructor(container, actions) {
    this.container = container;
    this.actions = actions;
    /** @type {HTMLElement[][]} */
    this.houseEls = [];
    /** @type {HTMLElement[]} */
    this.storeEls = [];
    /** @type {HTMLElement[]} */
    this.labelEls = [];
    /** @type {HTMLElement|null} the board itself (cups, and what the animation floats) */
    this.el = null;
    this.shape = '';
    this.pointer = 'mouse';
    /** @type {number|null} */
    this.selected = null;
    /** @type {number|null} the house chosen when the last tap began */
    this.chosenBefore = null;
    /** @type {BoardState|null} */
    this.state = null;
    /** While a sowing is animated, renders leave the counts to it. */
    this.animating = false;
    /** @type {Map<string, HTMLElement>} each house by its owner and number on the engine's board */
    this.engineEls = new Map();
    /** @type {number|null} the house played from the keyboard: focus returns there */
    this.keyboardHouse = null;
    this.width = 0;
    // A board wider than the screen (a phone) scrolls inside itself:
    // keep the own side in view when the screen turns. A scroll bar
    // coming or going is no turn (scrolling again would move the house
    // under the mouse away, and its preview with it, and back).
    this.resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => {
      this.fit(Math.abs(this.container.clientWidth - this.width) > 40);
    });
    if (this.resized) this.resized.observe(container);
  }

  /**
   * Builds the cups for `sides` sides of `houses` houses seen from
   * `bottom`, mirrored for a clockwise game.
   */
  build(sides, houses, bottom, mirror) {
    const shape = `${sides}/${houses}/${bottom}/${mirror}`;
    if (shape === this.shape) return;
    this.shape = shape;
    this.houseEls = [];
    this.storeEls = [];
    this.labelEls = [];
    const board = h('div', { class: sides === 2 ? 'board two' : 'board ring', role: 'group', 'aria-label': t('board-label') });
    board.style.setProperty('--houses', String(houses));
    if (sides > 2) {
      const box = ringBox(sides);
      board.style.setProperty('--cup-size', ringCupSize(houses).toFixed(3));
      board.style.setProperty('--aspect', ((box.right - box.left) / (box.bottom - box.top)).toFixed(4));
    }
    board.addEventListener('keydown', (e) => this.arrow(e));
    board.addEventListener('pointerdown', () => { this.keyboardHouse = null; });
    for (let side = 0; side < sides; side++) {
      const at = (side - bottom + sides) % sides;
      const row = [];
      for (let n = 1; n <= houses; n++) {
        const el = this.house(side, n, at);
        place(el, sides, houses, at, n, mirror);
        row.push(el);
        board.append(el);
      }
      this.houseEls.push(row);
      const store = cupParts(h('div', { class: `cup store side-${at}`, role: 'img', dataset: { testid: `store-${side}` } }));
      place(store, sides, houses, at, houses + 1, mirror);
      this.storeEls.push(store);
      board.append(store);
      const label = h('div', { class: `label side-${at}` });
      place(label, sides, houses, at, 0, mirror);
      this.labelEls.push(label);
      board.append(label);
    }
    this.el = board;
    replace(this.container, board);
    this.fit();
  }

  /**
   * The button of house `n` of `side`, drawn at position `at`.
   * @param {number} side
   * @param {number} n
   * @param {number} at
   */
  house(side, n, at) {
    const el = cupParts(h('button', {
      type: 'button', class: `cup house side-${at}`, dataset: { testid: `house-${side}-${n}`, n: String(n), label: num(n) },
    }));
    el.addEventListener('pointerdown', (e) => {
      this.pointer = e.pointerType;
      // A tap also hovers and focuses the house before its click: what
      // was chosen before the tap tells a first tap from a second.
      this.chosenBefore = this.selected;
    });
    // A mouse shows the preview on hover; a finger has no hover (its
    // first tap shows it, below), and leaves when it lifts. The house
    // chosen and played is the engine's number of this one (its own
    // outside a territory round).
    el.addEventListener('pointerenter', (e) => { if (e.pointerType !== 'touch') this.choose(side, n); });
    el.addEventListener('pointerleave', (e) => { if (e.pointerType !== 'touch') this.unchoose(this.ownedAt(side, n).house); });
    el.addEventListener('focus', () => this.choose(side, n));
    el.addEventListener('blur', () => this.unchoose(this.ownedAt(side, n).house));
    el.addEventListener('click', (e) => {
      if (this.isBarredForMe(side, n)) {
        // Not a move: the player hears why (`no_undo`).
        if (this.actions.barred) this.actions.barred(this.ownedAt(side, n).house);
        return;
      }
      if (!this.isPlayable(side, n)) return;
      const m = this.ownedAt(side, n).house;
      // A house sown either way: its two directions are offered.
      if (this.actions.ways && this.actions.ways(side, n, m, e.detail === 0)) {
        this.pointer = 'mouse';
        return;
      }
      // On a touch screen the first tap shows where the seeds go and the
      // second sows; a mouse click or a key sows at once (hover and focus
      // showed it already).
      if (this.pointer === 'touch' && this.chosenBefore !== m) {
        this.chosenBefore = m;
        this.choose(side, n);
      } else {
        // A click without a pointer is a key's (Enter, Space): focus
        // comes back to the board at the next turn.
        this.keyboardHouse = e.detail === 0 ? m : null;
        this.actions.play(m);
      }
      this.pointer = 'mouse';
    });
    return el;
  }

  /**
   * Who owns house `n` of the row of `side` as the board is drawn, and
   * its number on the engine's board: the row's own house `n` but in a
   * territory round.
   * @param {number} side
   * @param {number} n
   * @returns {OwnedHouse}
   */
  ownedAt(side, n) {
    const territory = this.state && this.state.territory;
    const cell = territory && territory[side] && territory[side][n - 1];
    return cell || { owner: side, house: n };
  }

  isPlayable(side, n) {
    const cell = this.ownedAt(side, n);
    return !!this.state && this.state.mine === cell.owner && this.state.playable.has(cell.house)
      && !this.isBarred(side, n);
  }

  /**
   * Whether house `n` of the row of `side` is the house `no_undo` bars
   * this turn (docs/rules.md section 4): the engine's house `barred` of
   * the side to move.
   * @param {number} side
   * @param {number} n
   */
  isBarred(side, n) {
    const cell = this.ownedAt(side, n);
    const barred = this.state && this.state.barred;
    return !!barred && barred.side === cell.owner && barred.house === cell.house;
  }

  /**
   * Whether house `n` of `side` is barred and the viewer's, to move now:
   * it stays focusable and clickable (`aria-disabled`), and a click says
   * why it cannot be played instead of playing it.
   * @param {number} side
   * @param {number} n
   */
  isBarredForMe(side, n) {
    return this.isBarred(side, n) && !!this.state && this.state.mine === this.ownedAt(side, n).owner;
  }

  choose(side, n) {
    if (!this.isPlayable(side, n)) return;
    const m = this.ownedAt(side, n).house;
    this.selected = m;
    this.actions.choose(m);
  }

  unchoose(n) {
    if (this.selected !== n) return;
    this.selected = null;
    this.actions.choose(null);
  }

  /** Shows `state`: counts, names, whose turn, which houses can be played. */
  render(state) {
    this.state = state;
    const sides = state.counts.houses.length;
    const territory = state.territory && state.territory.length === sides ? state.territory : null;
    const houses = territory ? territory[0].length : state.counts.houses[0].length;
    this.build(sides, houses, state.bottom, !!state.mirror);
    const tuzdyks = tuzdykHouses(state.tuzdyk || [], sides);
    const children = childHouses(state.children || [], sides);
    if (state.mine === null || !state.playable.has(this.selected ?? -1)) this.selected = null;
    this.engineEls = new Map();
    for (let side = 0; side < sides; side++) {
      const row = state.owners[side];
      this.houseEls[side].forEach((el, i) => {
        const n = i + 1;
        const cell = this.ownedAt(side, n);
        this.engineEls.set(`${cell.owner}-${cell.house}`, el);
        const owner = state.owners[cell.owner];
        const playable = this.isPlayable(side, n);
        const barredForMe = this.isBarredForMe(side, n);
        /** @type {HTMLButtonElement} */ (el).disabled = !playable && !barredForMe;
        if (barredForMe) el.setAttribute('aria-disabled', 'true');
        else el.removeAttribute('aria-disabled');
        el.classList.toggle('playable', playable);
        const tuzdyk = tuzdyks.get(`${side}-${n}`);
        el.classList.toggle('tuzdyk', tuzdyk !== undefined);
        // A burnt house (a round of a match): out of play, drawn so. In
        // a territory round every house of the board is someone's.
        const burnt = !territory && !!(state.burnt && state.burnt[side] && state.burnt[side].includes(n));
        el.classList.toggle('burnt', burnt);
        const mark = el.querySelector('.burnt-mark');
        if (burnt && !mark) el.append(h('span', { class: 'burnt-mark', 'aria-hidden': 'true', dataset: { testid: 'burnt-house' } }, '×'));
        else if (!burnt && mark) mark.remove();
        this.markOwner(el, side, cell, !!territory);
        const child = children.get(`${side}-${n}`);
        this.markChild(el, child);
        const barred = this.isBarred(side, n);
        this.markBarred(el, barred);
        const seeds = (state.counts.houses[cell.owner] || [])[cell.house - 1] ?? 0;
        const label = burnt
          ? t('board-house-burnt', { ...owner, house: n })
          : cell.owner !== side
            ? t('board-house-owned', { ...owner, house: cell.house, seeds, row: row.who, row_you: row.you })
            : t('board-house', { ...owner, house: cell.house, seeds });
        const named = tuzdyk !== undefined ? t('board-house-tuzdyk', { house: label, ...state.owners[tuzdyk] })
          : child !== undefined ? t('board-house-child', { house: label, ...state.owners[child] }) : label;
        el.setAttribute('aria-label', barred ? t('board-house-barred', { house: named }) : named);
        if (barred) el.title = t('board-barred-why');
        else el.removeAttribute('title');
        if (tuzdyk === undefined) delete el.dataset.tuzdyk;
        else el.dataset.tuzdyk = String(tuzdyk);
      });
      this.storeEls[side].setAttribute('aria-label', t('board-store', { ...row, seeds: state.counts.stores[side] }));
      this.labelEls[side].textContent = state.names[side];
      this.labelEls[side].classList.toggle('to-move', state.toMove === side);
    }
    if (!this.animating) {
      this.show(state.counts);
      this.markLast(state.last || null);
    }
    this.refocus();
  }

  /**
   * Marks house `el` of the row of `side` by its owner in a territory
   * round: its owner's place on the board (`data-owner-at`: 0 the
   * bottom row, the viewer's; the colour), an arrow toward the owner's
   * row on a house of the other row, and its number among the owner's
   * houses (the label, what a move names); `data-owner` and
   * `data-house` say them for tests, in every game.
   * @param {HTMLElement} el
   * @param {number} side
   * @param {OwnedHouse} cell
   * @param {boolean} territory
   */
  markOwner(el, side, cell, territory) {
    const state = /** @type {BoardState} */ (this.state);
    const sides = state.counts.houses.length;
    const at = (cell.owner - state.bottom + sides) % sides;
    el.dataset.owner = String(cell.owner);
    el.dataset.house = String(cell.house);
    el.dataset.label = num(cell.house);
    el.classList.toggle('owned', territory);
    if (territory) el.dataset.ownerAt = String(at);
    else delete el.dataset.ownerAt;
    const across = territory && cell.owner !== side;
    el.classList.toggle('across', across);
    const mark = el.querySelector('.owner-mark');
    if (across && !mark) {
      el.append(h('span', { class: 'owner-mark', 'aria-hidden': 'true', dataset: { testid: 'owned-across' } }, at === 0 ? '▼' : '▲'));
    } else if (across && mark) {
      mark.textContent = at === 0 ? '▼' : '▲';
    } else if (!across && mark) {
      mark.remove();
    }
  }

  /**
   * Marks house `el` as the child of side `owner` (`children`,
   * docs/rules.md section 5; undefined: no child): dashed in the
   * owner's colour (`data-child-at`: their place on the board), with an
   * arrow toward the owner's row; `data-child` names the owner.
   * @param {HTMLElement} el
   * @param {number|undefined} owner
   */
  markChild(el, owner) {
    const state = /** @type {BoardState} */ (this.state);
    const child = owner !== undefined;
    el.classList.toggle('child', child);
    const mark = el.querySelector('.child-mark');
    if (!child) {
      delete el.dataset.child;
      delete el.dataset.childAt;
      if (mark) mark.remove();
      return;
    }
    const sides = state.counts.houses.length;
    const at = (owner - state.bottom + sides) % sides;
    el.dataset.child = String(owner);
    el.dataset.childAt = String(at);
    const arrow = at === 0 ? '▼' : '▲';
    if (mark) mark.textContent = arrow;
    else el.append(h('span', { class: 'child-mark', 'aria-hidden': 'true', dataset: { testid: 'child-house' } }, arrow));
  }

  /**
   * Marks house `el` as barred this turn (`no_undo`, docs/rules.md
   * section 4: the opponent's last move sowed its single seed across the
   * end of the row, and it may not go straight back): a bar across it,
   * the cue without colour, `data-testid="house-barred"` for tests.
   * @param {HTMLElement} el
   * @param {boolean} barred
   */
  markBarred(el, barred) {
    el.classList.toggle('barred', barred);
    const mark = el.querySelector('.barred-mark');
    if (barred && !mark) el.append(h('span', { class: 'barred-mark', 'aria-hidden': 'true', dataset: { testid: 'house-barred' } }, '⊘'));
    else if (!barred && mark) mark.remove();
  }

  /**
   * Shows seed counts (also used by the animation, step by step): the
   * engine's, each house's where the board draws it.
   * @param {Counts} counts
   */
  show(counts) {
    counts.houses.forEach((row, side) => row.forEach((k, i) => {
      const el = this.houseEl(side, i + 1);
      if (el) showCount(el, k, 'house');
    }));
    const store = this.storeShape();
    counts.stores.forEach((k, side) => {
      const el = this.storeEls[side];
      if (el) showCount(el, k, store);
    });
  }

  /** Marks cups: `marks` maps a class name to the cups that get it. */
  mark(marks) {
    for (const name of ['landing', 'capture', 'selected', 'sowing', 'captured', 'extra']) {
      for (const el of this.container.querySelectorAll('.' + name)) el.classList.remove(name);
    }
    for (const [name, cups] of Object.entries(marks)) {
      for (const cup of cups) {
        const el = this.cupEl(cup);
        if (el) el.classList.add(name);
      }
    }
  }

  /**
   * Marks the last move until the next: the house played, where its
   * last seed landed (with an extra turn, if it won one), the houses it
   * captured.
   * @param {BoardState['last']} last
   */
  markLast(last) {
    for (const name of ['last-from', 'last-to', 'last-taken', 'last-extra']) {
      for (const el of this.container.querySelectorAll('.' + name)) el.classList.remove(name);
    }
    if (!last) return;
    const from = this.cupEl({ kind: 'house', side: last.side, number: last.house });
    if (from) from.classList.add('last-from');
    const to = last.landing ? this.cupEl(last.landing) : null;
    if (to) to.classList.add('last-to');
    if (to && last.extra) to.classList.add('last-extra');
    for (const cup of last.captured || []) {
      const el = this.cupEl(cup);
      if (el && el !== to) el.classList.add('last-taken');
    }
  }

  /**
   * How `cup`'s stones are laid out (stones.js).
   * @param {Cup} cup
   * @returns {import('./stones.js').Shape}
   */
  stoneShape(cup) {
    return cup.kind === 'house' ? 'house' : this.storeShape();
  }

  /** A store is a long pit on the two-row board, a round one on a ring. */
  storeShape() {
    return this.houseEls.length > 2 ? 'round-store' : 'store';
  }

  /** @param {Cup} cup */
  cupEl(cup) {
    if (cup.kind === 'store') return this.storeEls[cup.side] || null;
    return this.houseEl(cup.side, cup.number);
  }

  /**
   * The element of house `number` of `side` on the engine's board: in a
   * territory round, the house of the board it is; none for a house no
   * one owns there.
   * @param {number} side
   * @param {number} number
   * @returns {HTMLElement|null}
   */
  houseEl(side, number) {
    if (this.state && this.state.territory) return this.engineEls.get(`${side}-${number}`) || null;
    const row = this.houseEls[side];
    return (row && row[number - 1]) || null;
  }

  /**
   * The houses that can be played now, left to right as drawn (in a
   * territory round, in sowing order: the player's may be on both rows).
   */
  playableHouses() {
    const side = this.state ? this.state.mine : null;
    if (side === null || !this.houseEls[side]) return [];
    if (this.state && this.state.territory) {
      return this.houseEls.flat()
        .filter((el) => el.classList.contains('playable'))
        .sort((a, b) => Number(a.dataset.house) - Number(b.dataset.house));
    }
    return this.houseEls[side]
      .filter((el) => el.classList.contains('playable'))
      .map((el) => ({ el, x: el.getBoundingClientRect().left }))
      .sort((a, b) => a.x - b.x)
      .map((p) => p.el);
  }

  /**
   * Arrow keys move the focus along the playable houses as they are
   * drawn (Home and End: to the first and the last); Enter and Space
   * play the focused one (it is a button).
   * @param {KeyboardEvent} e
   */
  arrow(e) {
    const step = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity }[e.key];
    if (step === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
    const houses = this.playableHouses();
    const at = houses.indexOf(/** @type {HTMLElement} */ (e.target));
    if (at < 0) return;
    e.preventDefault();
    let next = at + step;
    if (!Number.isFinite(next)) next = step < 0 ? 0 : houses.length - 1;
    houses[(next + houses.length) % houses.length].focus();
  }

  /**
   * After a move played from the keyboard, focus comes back to the
   * board when the player's turn does (to the same house if it can be
   * played, else the first), unless the focus went elsewhere meanwhile.
   */
  refocus() {
    if (this.keyboardHouse === null) return;
    const houses = this.playableHouses();
    if (!houses.length) return;
    const active = document.activeElement;
    const free = !active || active === document.body || (this.container.contains(active) && /** @type {HTMLButtonElement} */ (active).disabled);
    const n = this.keyboardHouse;
    this.keyboardHouse = null;
    if (!free) return;
    (houses.find((el) => el.dataset.house === String(n)) || houses[0]).focus();
  }

  /**
   * The middle of `cup`, in the board's own coordinates (what the
   * animation floats stones to).
   * @param {Cup} cup
   * @returns {{x: number, y: number}|null}
   */
  centre(cup) {
    const el = this.cupEl(cup);
    if (!el || !this.el) return null;
    const box = el.getBoundingClientRect();
    const board = this.el.getBoundingClientRect();
    return {
      x: box.left + box.width / 2 - board.left - this.el.clientLeft,
      y: box.top + box.height / 2 - board.top - this.el.clientTop,
    };
  }

  /**
   * A board wider than its place (a phone) scrolls sideways inside
   * itself, never the page: it starts scrolled to the middle, where the
   * own side's houses are (unless `centre` is false), and can then be
   * reached by the keyboard too.
   * @param {boolean} [centre]
   */
  fit(centre = true) {
    const wrap = this.container;
    if (centre) this.width = wrap.clientWidth;
    if (wrap.scrollWidth > wrap.clientWidth + 1) {
      if (centre) wrap.scrollLeft = (wrap.scrollWidth - wrap.clientWidth) / 2;
      wrap.tabIndex = 0;
    } else {
      wrap.removeAttribute('tabindex');
    }
  }
}

/**
 * The house `no_undo` bars in `position` (docs/rules.md section 4), as
 * the board names it: the side to move and the house number of the
 * position's `barred`; null when none is (`barred` left out, or 0).
 * @param {{to_move?: number, barred?: number}|null|undefined} position
 * @returns {{side: number, house: number}|null}
 */
export function barredHouse(position) {
  if (!position || !(Number(position.barred) > 0) || !Number.isInteger(position.to_move)) return null;
  return { side: /** @type {number} */ (position.to_move), house: Number(position.barred) };
}

/**
 * Gives a cup its parts: the stones (decorative: the cup's name says the
 * count), the count in the language's digits, and a marker that
 * style.css draws for a preview or the last move.
 * @param {HTMLElement} el
 */
function cupParts(el) {
  el.append(
    h('span', { class: 'stones', 'aria-hidden': 'true' }),
    h('span', { class: 'count', 'aria-hidden': 'true' }),
    h('span', { class: 'marker', 'aria-hidden': 'true' }));
  return el;
}

/**
 * Shows `k` seeds in cup `el`: its count (Latin digits in `data-count`,
 * the language's on the page) and its stones.
 * @param {HTMLElement} el
 * @param {number} k
 * @param {import('./stones.js').Shape} shape
 */
function showCount(el, k, shape) {
  if (el.dataset.count === String(k)) return;
  el.dataset.count = String(k);
  const [stones, count] = /** @type {HTMLElement[]} */ ([...el.children]);
  count.textContent = num(k);
  drawStones(stones, k, shape);
  el.classList.toggle('pile', k > capOf(shape));
}

/**
 * The houses that are tuzdyks, as "side-number" keys, each to the side
 * that owns it: `tuzdyk[s]` is the number of the opponent's house side
 * `s` made its tuzdyk, 0 for none (two players).
 * @param {number[]} tuzdyk
 * @param {number} sides
 */
function tuzdykHouses(tuzdyk, sides) {
  /** @type {Map<string, number>} */
  const houses = new Map();
  if (sides !== 2) return houses;
  tuzdyk.forEach((number, owner) => {
    if (number > 0) houses.set(`${1 - owner}-${number}`, owner);
  });
  return houses;
}

/**
 * The houses that are children, as "side-number" keys, each to the side
 * that owns it: `children[s]` is the set of the opponent's houses that
 * are side `s`'s children, house `n` as bit `n - 1` (two players).
 * @param {number[]} children
 * @param {number} sides
 */
function childHouses(children, sides) {
  /** @type {Map<string, number>} */
  const houses = new Map();
  if (sides !== 2) return houses;
  children.forEach((set, owner) => {
    for (let n = 1; n <= 8; n++) {
      if ((set >> (n - 1)) & 1) houses.set(`${1 - owner}-${n}`, owner);
    }
  });
  return houses;
}

/**
 * Places cup `i` (0: the side's name label, 1..houses: its houses,
 * houses + 1: its store) of the side drawn at position `at` (0: bottom,
 * then counter-clockwise, or clockwise when `mirror`ed).
 */
function place(el, sides, houses, at, i, mirror) {
  if (sides === 2) {
    // Columns: store of the top side, the houses, store of the bottom
    // side; a mirrored board reads them from the right.
    const col = (/** @type {number} */ c) => String(mirror ? houses + 3 - c : c);
    const bottom = at === 0;
    if (i === houses + 1) {
      el.style.setProperty('--col', col(bottom ? houses + 2 : 1));
      el.style.setProperty('--row', '2 / span 2');
    } else if (i === 0) {
      el.style.setProperty('--col', `2 / span ${houses}`);
      el.style.setProperty('--row', bottom ? '4' : '1');
    } else {
      el.style.setProperty('--col', col(bottom ? i + 1 : houses + 2 - i));
      el.style.setProperty('--row', bottom ? '3' : '2');
    }
    return;
  }
  const [x, y] = ringPoint(sides, houses, at, i);
  el.style.setProperty('--x', (mirror ? 100 - x : x).toFixed(2));
  el.style.setProperty('--y', y.toFixed(2));
  if (i === 0) {
    // A side's name runs along its edge, never upside down.
    const angle = edgeAngle(sides, at);
    el.style.setProperty('--angle', (mirror ? -angle : angle).toFixed(1));
  }
}

/**
 * The angle in degrees (screen coordinates, clockwise) of the edge at
 * position `at` of a ring board, turned to read left to right or bottom
 * to top.
 * @param {number} sides
 * @param {number} at
 */
function edgeAngle(sides, at) {
  let angle = (-360 * at) / sides;
  while (angle <= -180) angle += 360;
  if (angle > 90) angle -= 180;
  if (angle < -90) angle += 180;
  return angle;
}

/**
 * Where cup `i` of the edge at position `at` sits on a regular polygon
 * with a horizontal bottom edge, in percent of the board's box. Houses
 * are spread along the edge, the store sits at its far corner, the label
 * inside the board at the middle of the edge.
 */
function ringPoint(sides, houses, at, i) {
  const vertex = (k) => {
    const a = ((270 - 180 / sides + (k * 360) / sides) * Math.PI) / 180;
    return [Math.cos(a), -Math.sin(a)];
  };
  const [x0, y0] = vertex(at);
  const [x1, y1] = vertex(at + 1);
  let x;
  let y;
  if (i === 0) {
    // The label: the middle of the edge, pulled toward the centre.
    const inward = 0.66;
    x = ((x0 + x1) / 2) * inward;
    y = ((y0 + y1) / 2) * inward;
  } else {
    const t = i / (houses + 1);
    x = x0 + (x1 - x0) * t;
    y = y0 + (y1 - y0) * t;
  }
  // Fit the polygon's box into the board with a margin that leaves room
  // for the stores at the corners (the board's aspect ratio is the box's).
  const box = ringBox(sides);
  const aspect = (box.right - box.left) / (box.bottom - box.top);
  const mx = ringMargin(houses);
  const my = mx * aspect;
  return [
    mx + ((x - box.left) / (box.right - box.left)) * (100 - 2 * mx),
    my + ((y - box.top) / (box.bottom - box.top)) * (100 - 2 * my),
  ];
}

/** The bounding box of the unit polygon (screen coordinates, y down). */
function ringBox(sides) {
  const xs = [];
  const ys = [];
  for (let k = 0; k < sides; k++) {
    const a = ((270 - 180 / sides + (k * 360) / sides) * Math.PI) / 180;
    xs.push(Math.cos(a));
    ys.push(-Math.sin(a));
  }
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

/**
 * A house's diameter on a ring board, in percent of the board's width:
 * nine tenths of the step between cups along an edge (the edges of a
 * triangle and a square span the board's width but for the margins).
 * @param {number} houses
 */
function ringCupSize(houses) {
  // cup = 0.9 * (100 - 2 * margin) / (houses + 1), margin = 0.7 * cup + 1.
  return 88.2 / (houses + 2.26);
}

/**
 * The margin around a ring board's polygon, in percent of its width:
 * a store (1.3 houses wide) at a corner stays inside the board.
 * @param {number} houses
 */
function ringMargin(houses) {
  return 0.7 * ringCupSize(houses) + 1;
}
