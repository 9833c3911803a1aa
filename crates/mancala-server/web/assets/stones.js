// @ts-check
// Seeds drawn as stones. Stone `i` of a cup always sits at the same spot,
// so a count looks the same every time it is shown and a seed dropped in
// adds one stone without moving the others: the sowing reads stone by
// stone. The spots fill a cup as stones settle: a first layer side by
// side from the middle outwards, then layers on top of it, each in the
// gaps of the one below. Beyond `CAP` stones a cup shows a full pile and
// its count says the rest.

/**
 * The shapes of cup, in stones (a stone is 1 across; style.css draws a
 * stone 0.22 of a house wide): how far from the middle a stone's centre
 * may lie across (`a`) and along (`b`), and how many stones are drawn.
 * A house is round; a store is a long pit on the two-row board and a
 * round one, larger than a house, around the others.
 */
const SHAPES = {
  house: { a: 1.45, b: 1.45, cap: 20, round: true },
  store: { a: 0.72, b: 3.2, cap: 40, round: false },
  'round-store': { a: 1.75, b: 1.75, cap: 40, round: true },
  hand: { a: 1, b: 1, cap: 8, round: true },
};

/** @typedef {keyof typeof SHAPES} Shape */

/**
 * The most stones drawn in a cup of `shape`; more make a pile.
 * @param {Shape} shape
 */
export function capOf(shape) {
  return SHAPES[shape].cap;
}

/** How many shades of stone there are (`.stone.c0` to `.c4` in style.css). */
const SHADES = 5;

/** Stones a little closer than their width: they touch, as in a pit. */
const SPACING = 0.9;

/** @type {Map<Shape, [number, number][]>} */
const spots = new Map();

/**
 * The spots of a shape's stones, in stones from the middle, in the
 * order they fill (computed once).
 * @param {Shape} shape
 * @returns {[number, number][]}
 */
export function spotsOf(shape) {
  let list = spots.get(shape);
  if (!list) {
    list = layout(SHAPES[shape]);
    spots.set(shape, list);
  }
  return list;
}

/**
 * Layers of a hexagonal lattice inside the shape, each shifted into the
 * gaps of the one below, until `cap` spots; in a layer the spots nearest
 * the middle come first, every other one around each ring first so that
 * a few stones spread evenly.
 * @param {{a: number, b: number, cap: number, round: boolean}} s
 * @returns {[number, number][]}
 */
function layout(s) {
  /** @type {[number, number][]} */
  const out = [];
  const dy = SPACING * Math.sqrt(3) / 2;
  const shifts = [[0, 0], [SPACING / 2, dy / 3], [0, (2 * dy) / 3]];
  for (let layer = 0; out.length < s.cap && layer < 12; layer++) {
    const [sx, sy] = shifts[layer % 3];
    /** @type {{x: number, y: number, d: number, a: number}[]} */
    const found = [];
    const rows = Math.ceil(s.b / dy) + 1;
    const cols = Math.ceil(s.a / SPACING) + 1;
    for (let r = -rows; r <= rows; r++) {
      for (let c = -cols; c <= cols; c++) {
        const x = c * SPACING + (r % 2 ? SPACING / 2 : 0) + sx;
        const y = r * dy + sy;
        if (!inside(s, x, y)) continue;
        found.push({ x, y, d: Math.round(Math.hypot(x / s.a, y / s.b) * 20), a: Math.atan2(y, x) });
      }
    }
    found.sort((p, q) => p.d - q.d || p.a - q.a);
    for (const ring of groups(found)) {
      const evens = ring.filter((_, i) => i % 2 === 0);
      const odds = ring.filter((_, i) => i % 2 === 1);
      for (const p of [...evens, ...odds]) out.push([p.x, p.y]);
    }
  }
  return out.slice(0, s.cap);
}

/**
 * Whether a stone centred at (x, y) lies inside the shape.
 * @param {{a: number, b: number, round: boolean}} s
 * @param {number} x
 * @param {number} y
 */
function inside(s, x, y) {
  const u = Math.abs(x) / s.a;
  const v = Math.abs(y) / s.b;
  // A long pit is nearly a rectangle with round ends.
  return s.round ? u * u + v * v <= 1.0001 : u ** 4 + v ** 4 <= 1.0001;
}

/**
 * Consecutive spots at the same distance from the middle, as rings.
 * @template {{d: number}} T
 * @param {T[]} sorted
 * @returns {T[][]}
 */
function groups(sorted) {
  /** @type {T[][]} */
  const out = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (last && last[0].d === p.d) last.push(p);
    else out.push([p]);
  }
  return out;
}

/**
 * Draws `count` stones (at most the shape's cap) in `layer`, keeping the
 * stones already there: only the last ones come or go.
 * @param {HTMLElement} layer
 * @param {number} count
 * @param {Shape} shape
 */
export function drawStones(layer, count, shape) {
  const want = Math.max(0, Math.min(count, SHAPES[shape].cap));
  while (layer.childElementCount > want) /** @type {Element} */ (layer.lastElementChild).remove();
  for (let i = layer.childElementCount; i < want; i++) layer.append(stone(i, shape));
}

/**
 * Stone `i` of a cup of `shape`, at its spot.
 * @param {number} i
 * @param {Shape} shape
 */
export function stone(i, shape) {
  const el = document.createElement('i');
  // Shades in a fixed order that never puts two alike one after the other.
  el.className = `stone c${(i * 2) % SHADES}`;
  const list = spotsOf(shape);
  const [x, y] = list[i % list.length];
  el.style.setProperty('--sx', x.toFixed(3));
  el.style.setProperty('--sy', y.toFixed(3));
  return el;
}
