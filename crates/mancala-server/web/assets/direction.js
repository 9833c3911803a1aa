// @ts-check
// Houses whose sowing direction the player chooses (`direction_choice`,
// docs/rules.md section 3): a move is then the house and the direction,
// `3cw` or `3ccw`, clockwise or counter-clockwise as seen on the board
// drawn with side 0 below (section 16). A tap on such a house offers the
// two directions as two large arrows on the board, each beside the house
// on the side its seeds go, pointing that way; Escape or a tap elsewhere
// takes them away.
//
// The page turns the board so that the viewer's side is at the bottom
// and mirrors it under `direction = cw` (board.js). A turn keeps
// clockwise clockwise, and the engine's `cw` on a mirrored board is the
// mirrored drawing's clockwise; so the arrows are worked out from the
// board as drawn: the clockwise one points along the house's row the
// way that goes round the board's middle clockwise on the screen.

import { h } from './dom.js';
import { t } from './i18n.js';

/** @typedef {'cw'|'ccw'} Sense */
/** @typedef {import('./board.js').Board} Board */

/**
 * A move's text read: its house and its direction (`null` where the
 * rules fix it); `null` for `swap` and anything that names no house.
 * @param {string} text
 * @returns {{house: number, sense: Sense|null}|null}
 */
export function parseMove(text) {
  const m = /^(\d+)(cw|ccw)?$/i.exec(String(text).trim());
  if (!m) return null;
  const sense = m[2] ? /** @type {Sense} */ (m[2].toLowerCase()) : null;
  return { house: Number(m[1]), sense };
}

/**
 * The house a move's text names (`3` and `3cw`: 3), NaN for none.
 * @param {string} text
 */
export function moveHouse(text) {
  const m = parseMove(text);
  return m ? m.house : NaN;
}

/**
 * The houses that offer both directions among the legal moves `moves`
 * (their texts).
 * @param {Iterable<string>} moves
 * @returns {Set<number>}
 */
export function choiceHouses(moves) {
  /** @type {Set<number>} */
  const houses = new Set();
  for (const text of moves) {
    const m = parseMove(text);
    if (m && m.sense) houses.add(m.house);
  }
  return houses;
}

/**
 * A move's house as a list of moves writes it: `3`, or with its
 * direction `3 ↻` (clockwise) or `3 ↺`, in the language's digits; the
 * number 0 for a text that names no house.
 * @param {string} text
 * @returns {string|number}
 */
export function houseShort(text) {
  const m = parseMove(text);
  if (!m) return 0;
  return m.sense ? t('site-house-way-short', { house: m.house, dir: m.sense }) : m.house;
}

/**
 * The two arrows of one house at a time, over `board`'s cups.
 */
export class DirectionPicker {
  constructor() {
    /** @type {HTMLElement|null} */
    this.el = null;
    /** @type {HTMLElement|null} the house they belong to */
    this.house = null;
    /** @type {(() => void)|null} */
    this.cancelled = null;
    this.onKey = (/** @type {KeyboardEvent} */ e) => {
      if (e.key !== 'Escape' || !this.el) return;
      e.preventDefault();
      const house = this.house;
      this.close();
      if (house) house.focus({ preventScroll: true });
    };
    this.onDown = (/** @type {PointerEvent} */ e) => {
      if (this.el && !this.el.contains(/** @type {Node} */ (e.target))) this.close();
    };
  }

  /** Whether the arrows are shown. */
  get open() {
    return this.el !== null;
  }

  /**
   * Shows the two directions of house `n` of `side` (the engine's
   * number `m`, what the move names) on `board`.
   * @param {Board} board
   * @param {number} side
   * @param {number} n
   * @param {number} m
   * @param {{pick: (sense: Sense) => void, preview: (sense: Sense|null) => void}} then
   * @param {boolean} keyboard whether a key asked (focus goes to the first arrow)
   */
  show(board, side, n, m, then, keyboard) {
    this.close();
    const row = board.houseEls[side];
    const house = row && row[n - 1];
    if (!board.el || !house) return;
    const centre = centreOf(board.el, house);
    const along = rowDirection(board.el, row, n, board.storeEls[side]);
    const cw = clockwise(board.el, centre, along);
    const spacing = Math.max(52, house.getBoundingClientRect().width * 1.05);
    /** @param {Sense} sense */
    const arrow = (sense) => {
      const v = sense === 'cw' ? cw : { x: -cw.x, y: -cw.y };
      const label = sense === 'cw' ? t('site-sow-cw', { house: m }) : t('site-sow-ccw', { house: m });
      const button = h('button', {
        type: 'button', class: `sow-way sow-${sense}`, 'aria-label': label, title: label,
        dataset: { testid: `sow-${sense}`, sense },
        onclick: () => { this.close(); then.pick(sense); },
      }, h('span', { class: 'sow-arrow', 'aria-hidden': 'true' }, '➜'));
      button.style.left = `${(centre.x + v.x * spacing).toFixed(1)}px`;
      button.style.top = `${(centre.y + v.y * spacing).toFixed(1)}px`;
      const arrowEl = /** @type {HTMLElement} */ (button.firstElementChild);
      arrowEl.style.transform = `rotate(${(Math.atan2(v.y, v.x) * 180 / Math.PI).toFixed(1)}deg)`;
      button.addEventListener('pointerenter', () => then.preview(sense));
      button.addEventListener('focus', () => then.preview(sense));
      return button;
    };
    // In the order they are drawn, left to right (then top to bottom).
    const arrows = [arrow('cw'), arrow('ccw')];
    if (cw.x > 0.1 || (Math.abs(cw.x) <= 0.1 && cw.y > 0)) arrows.reverse();
    this.el = h('div', {
      class: 'sow-ways', role: 'group', 'aria-label': t('site-sow-way', { house: m }), dataset: { testid: 'sow-ways', house: String(m) },
    }, ...arrows);
    this.house = house;
    board.el.append(this.el);
    document.addEventListener('keydown', this.onKey, true);
    document.addEventListener('pointerdown', this.onDown, true);
    if (keyboard) /** @type {HTMLElement} */ (arrows[0]).focus({ preventScroll: true });
  }

  /** Takes the arrows away (nothing is played). */
  close() {
    document.removeEventListener('keydown', this.onKey, true);
    document.removeEventListener('pointerdown', this.onDown, true);
    if (this.el) this.el.remove();
    this.el = null;
    this.house = null;
  }
}

/**
 * The middle of `el` in the board's own coordinates.
 * @param {HTMLElement} board
 * @param {HTMLElement} el
 */
function centreOf(board, el) {
  const box = el.getBoundingClientRect();
  const frame = board.getBoundingClientRect();
  return {
    x: box.left + box.width / 2 - frame.left - board.clientLeft,
    y: box.top + box.height / 2 - frame.top - board.clientTop,
  };
}

/**
 * The unit vector along the row of house `n` as drawn, from house 1
 * towards the last house (towards the store for a row of one house).
 * @param {HTMLElement} board
 * @param {HTMLElement[]} row
 * @param {number} n
 * @param {HTMLElement|undefined} store
 */
function rowDirection(board, row, n, store) {
  const from = row.length > 1 ? row[n < row.length ? n - 1 : n - 2] : row[0];
  const to = row.length > 1 ? row[n < row.length ? n : n - 1] : store || row[0];
  const a = centreOf(board, from);
  const b = centreOf(board, to);
  const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  return { x: (b.x - a.x) / length, y: (b.y - a.y) / length };
}

/**
 * Of `along` and its opposite, the one that goes round the board's
 * middle clockwise on the screen from `at` (y grows downwards: above the
 * middle clockwise is rightwards, below it leftwards).
 * @param {HTMLElement} board
 * @param {{x: number, y: number}} at
 * @param {{x: number, y: number}} along
 */
function clockwise(board, at, along) {
  const rx = at.x - board.clientWidth / 2;
  const ry = at.y - board.clientHeight / 2;
  return rx * along.y - ry * along.x > 0 ? along : { x: -along.x, y: -along.y };
}
