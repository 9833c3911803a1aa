// The board: a view of a position (state in, DOM out) that knows no
// rules. Two players sit on the classic two rows with the stores at the
// ends; three and four around a triangle or a square, every side's
// houses along one edge and its store at the corner where its sowing
// turns, in counter-clockwise turn order. The viewer's side is always at
// the bottom. Under `direction = cw` the whole board is the mirror image
// (docs/rules.md section 3): stores on their owners' left, house 1 on
// their right, the sides following each other clockwise.

import { h, replace } from './dom.js';

/**
 * @typedef {{kind: 'house', side: number, number: number} | {kind: 'store', side: number}} Cup
 * @typedef {{houses: number[][], stores: number[]}} Counts
 * @typedef {{
 *   counts: Counts,
 *   bottom: number,
 *   names: string[],
 *   toMove: number|null,
 *   playable: Set<number>,
 *   mine: number|null,
 *   viewer?: number|null,
 *   mirror?: boolean,
 *   tuzdyk?: number[],
 * }} BoardState
 */

export class Board {
  /**
   * @param {HTMLElement} container
   * @param {{choose: (n: number|null) => void, play: (n: number) => void}} actions
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
    this.shape = '';
    this.pointer = 'mouse';
    /** @type {number|null} */
    this.selected = null;
    /** @type {BoardState|null} */
    this.state = null;
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
    const board = h('div', { class: sides === 2 ? 'board two' : 'board ring', role: 'group', 'aria-label': 'board' });
    board.style.setProperty('--houses', String(houses));
    if (sides > 2) {
      const box = ringBox(sides);
      board.style.setProperty('--cup', String(ringCupSize(sides, houses)));
      board.style.setProperty('--aspect', ((box.right - box.left) / (box.bottom - box.top)).toFixed(4));
    }
    for (let side = 0; side < sides; side++) {
      const at = (side - bottom + sides) % sides;
      const row = [];
      for (let n = 1; n <= houses; n++) {
        const el = this.house(side, n);
        place(el, sides, houses, at, n, mirror);
        row.push(el);
        board.append(el);
      }
      this.houseEls.push(row);
      const store = h('div', { class: `cup store side-${at}`, role: 'img', dataset: { testid: `store-${side}` } });
      place(store, sides, houses, at, houses + 1, mirror);
      this.storeEls.push(store);
      board.append(store);
      const label = h('div', { class: `label side-${at}` });
      place(label, sides, houses, at, 0, mirror);
      this.labelEls.push(label);
      board.append(label);
    }
    replace(this.container, board);
  }

  /** The button of house `n` of `side`. */
  house(side, n) {
    const el = h('button', { type: 'button', class: 'cup house', dataset: { testid: `house-${side}-${n}`, n: String(n) } });
    el.addEventListener('pointerdown', (e) => { this.pointer = e.pointerType; });
    el.addEventListener('mouseenter', () => this.choose(side, n));
    el.addEventListener('focus', () => this.choose(side, n));
    el.addEventListener('mouseleave', () => this.unchoose(n));
    el.addEventListener('blur', () => this.unchoose(n));
    el.addEventListener('click', () => {
      if (!this.isPlayable(side, n)) return;
      // On a touch screen the first tap shows where the seeds go and the
      // second sows; a mouse click or a key sows at once (hover and focus
      // showed it already).
      if (this.pointer === 'touch' && this.selected !== n) {
        this.choose(side, n);
      } else {
        this.actions.play(n);
      }
      this.pointer = 'mouse';
    });
    return el;
  }

  isPlayable(side, n) {
    return !!this.state && this.state.mine === side && this.state.playable.has(n);
  }

  choose(side, n) {
    if (!this.isPlayable(side, n)) return;
    this.selected = n;
    this.actions.choose(n);
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
    const houses = state.counts.houses[0].length;
    this.build(sides, houses, state.bottom, !!state.mirror);
    const tuzdyks = tuzdykHouses(state.tuzdyk || [], sides);
    // The page's own side (its viewer's, whoever is to move) is "your".
    const you = state.viewer === undefined ? state.mine : state.viewer;
    const whose = (/** @type {number} */ side) => (side === you ? 'your' : `${state.names[side]}'s`);
    if (state.mine === null || !state.playable.has(this.selected ?? -1)) this.selected = null;
    for (let side = 0; side < sides; side++) {
      const owner = whose(side);
      this.houseEls[side].forEach((el, i) => {
        const n = i + 1;
        const playable = this.isPlayable(side, n);
        /** @type {HTMLButtonElement} */ (el).disabled = !playable;
        el.classList.toggle('playable', playable);
        const tuzdyk = tuzdyks.get(`${side}-${n}`);
        const by = tuzdyk === undefined ? '' : `, ${whose(tuzdyk)} tuzdyk`;
        el.classList.toggle('tuzdyk', tuzdyk !== undefined);
        el.setAttribute('aria-label', `${owner} house ${n}, ${seeds(state.counts.houses[side][i])}${by}`);
        if (tuzdyk === undefined) delete el.dataset.tuzdyk;
        else el.dataset.tuzdyk = String(tuzdyk);
      });
      this.storeEls[side].setAttribute('aria-label', `${owner} store, ${seeds(state.counts.stores[side])}`);
      this.labelEls[side].textContent = state.names[side];
      this.labelEls[side].classList.toggle('to-move', state.toMove === side);
    }
    this.show(state.counts);
  }

  /** Shows seed counts (also used by the animation, step by step). */
  show(counts) {
    counts.houses.forEach((row, side) => row.forEach((k, i) => {
      const el = this.houseEls[side] && this.houseEls[side][i];
      if (el) el.textContent = String(k);
    }));
    counts.stores.forEach((k, side) => {
      const el = this.storeEls[side];
      if (el) el.textContent = String(k);
    });
  }

  /** Marks cups: `marks` maps a class name to the cups that get it. */
  mark(marks) {
    for (const name of ['landing', 'capture', 'selected', 'sowing', 'captured']) {
      for (const el of this.container.querySelectorAll('.' + name)) el.classList.remove(name);
    }
    for (const [name, cups] of Object.entries(marks)) {
      for (const cup of cups) {
        const el = this.cupEl(cup);
        if (el) el.classList.add(name);
      }
    }
  }

  /** @param {Cup} cup */
  cupEl(cup) {
    if (cup.kind === 'store') return this.storeEls[cup.side] || null;
    const row = this.houseEls[cup.side];
    return (row && row[cup.number - 1]) || null;
  }
}

/** "1 seed", "4 seeds". */
export function seeds(k) {
  return k === 1 ? '1 seed' : `${k} seeds`;
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
    const inward = sides === 3 ? 0.55 : 0.7;
    x = ((x0 + x1) / 2) * inward;
    y = ((y0 + y1) / 2) * inward;
  } else {
    const t = i / (houses + 1);
    x = x0 + (x1 - x0) * t;
    y = y0 + (y1 - y0) * t;
  }
  // Fit the polygon's box into the board with a margin of 9% of its
  // width on every edge (the board's aspect ratio is the box's).
  const box = ringBox(sides);
  const aspect = (box.right - box.left) / (box.bottom - box.top);
  const mx = 9;
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

/** A cup's diameter on a ring board, in percent of the board's width. */
function ringCupSize(sides, houses) {
  // An edge spans 82% of the width (a triangle's box is as wide as its
  // edges); leave a fifth of each step between cups.
  const step = 82 / (houses + 1);
  return Math.min(11, step * 0.82);
}
