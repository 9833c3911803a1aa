// @ts-check
// The sowing animation. Display only: the server's `moved` message says
// what the sowing did step by step (`effect.steps`, worked out by the
// engine) and carries the position after the move, which is shown at the
// end whatever happened here. A lift empties a house into the hand (a
// few stones floating over the board, with their count; under
// `relay_store` a relay lifts the mover's store too), each seed
// drops from the hand into its cup, a take floats a house's stones to a
// store, and after the sowing the landing's captures (`captured_cups`)
// float to the mover's store; an extra turn lights the store up.

import { reducedMotion } from './dom.js';
import { num } from './i18n.js';
import { playSound } from './sound.js';
import { capOf, stone } from './stones.js';

/** @typedef {import('./board.js').Board} Board */
/** @typedef {import('./board.js').Cup} Cup */
/** @typedef {import('./board.js').Counts} Counts */


/**
 * Animates `effect` (of a `moved` message) on `board`, starting from
 * `counts` (the position before the move), step by step as the server's
 * `effect.steps` tell it: a lift empties a house (or the mover's store,
 * under `relay_store`), a seed goes into a
 * cup, a take moves a house's seeds to a store (a capture while sowing,
 * or a tuzdyk passing a seed on). A server that sends only
 * `effect.path` gets the origin emptied, then its seeds. Resolves when
 * done; at once (with one click of sound) under prefers-reduced-motion
 * or for a swap.
 * @param {Board} board
 * @param {Counts} counts
 * @param {any} effect
 * @param {number} house the house sown, from the mover's view
 */
export async function animateSowing(board, counts, effect, house) {
  const steps = sowingSteps(effect, house);
  if (steps.length === 0) return;
  if (reducedMotion() || !board.el) {
    playSound('seed');
    if (effect.captured > 0) playSound('capture');
    return;
  }
  const hand = new Hand(board);
  board.animating = true;
  try {
    await sow(board, hand, counts, effect, steps);
  } finally {
    hand.remove();
    board.animating = false;
  }
}

/**
 * The steps, one after the other, then the landing's captures and the
 * extra turn.
 * @param {Board} board
 * @param {Hand} hand
 * @param {Counts} counts
 * @param {any} effect
 * @param {any[]} steps
 */
async function sow(board, hand, counts, effect, steps) {
  const c = { houses: counts.houses.map((r) => r.slice()), stores: counts.stores.slice() };
  const seeds = steps.filter((s) => s.step === 'seed').length;
  // Quick: a long relay sowing takes no more than about 2.5 s.
  const delay = Math.max(10, Math.min(110, 2500 / Math.max(1, seeds)));
  for (const s of steps) {
    if (!valid(c, s)) return;
    if (s.step === 'lift') {
      hand.lift(s.cup, seedsIn(c, s.cup));
      apply(c, s);
      board.show(c);
      board.mark({ sowing: [s.cup] });
      await sleep(delay);
    } else if (s.step === 'seed') {
      hand.moveTo(s.cup, delay * 0.8);
      await sleep(delay * 0.8);
      apply(c, s);
      board.show(c);
      drop(board, s.cup);
      hand.drop();
      board.mark({ sowing: [s.cup] });
      playSound('seed');
      await sleep(delay * 0.2);
    } else {
      board.mark({ captured: [s.cup] });
      await float(board, [s.cup], { kind: 'store', side: s.to }, delay * 3);
      apply(c, s);
      board.show(c);
      playSound('capture');
    }
  }
  hand.remove();
  await captures(board, c, effect, Math.max(250, delay * 3));
  // An extra turn lights up the store the last seed fell in.
  const extra = !!effect.extra_turn && !!effect.last;
  board.mark(extra ? { extra: [effect.last] } : {});
  if (extra) playSound('extra');
  await sleep(Math.max(200, delay * 2));
}

/**
 * The landing's captures: the captured cups' stones float to the
 * mover's store, then the counts change at once (no frame shows a seed
 * twice or not at all).
 * @param {Board} board
 * @param {Counts} c
 * @param {any} effect
 * @param {number} ms
 */
async function captures(board, c, effect, ms) {
  const cups = Array.isArray(effect.captured_cups) ? effect.captured_cups.filter((/** @type {Cup} */ cup) => cup.kind === 'house') : [];
  if (!(effect.captured > 0) || cups.length === 0 || c.stores[effect.side] === undefined) return;
  board.mark({ captured: cups });
  await float(board, cups, { kind: 'store', side: effect.side }, ms);
  for (const cup of cups) {
    const row = c.houses[cup.side];
    if (row && row[cup.number - 1] !== undefined) row[cup.number - 1] = 0;
  }
  c.stores[effect.side] += effect.captured;
  board.show(c);
  playSound('capture');
}

/**
 * The seeds in the hand: a few stones and their count floating over the
 * board, from the house lifted to each cup sown.
 */
class Hand {
  /** @param {Board} board */
  constructor(board) {
    this.board = board;
    this.count = 0;
    this.stones = document.createElement('span');
    this.stones.className = 'stones';
    this.label = document.createElement('span');
    this.label.className = 'count';
    this.el = document.createElement('div');
    this.el.className = 'hand';
    this.el.setAttribute('aria-hidden', 'true');
    this.el.append(this.stones, this.label);
    this.el.hidden = true;
    if (board.el) board.el.append(this.el);
  }

  /**
   * Takes `k` seeds from `cup` (more when a relay lifts again).
   * @param {Cup} cup
   * @param {number} k
   */
  lift(cup, k) {
    this.count += k;
    this.show();
    this.moveTo(cup, 0);
    this.el.hidden = false;
  }

  /** One seed leaves the hand. */
  drop() {
    this.count = Math.max(0, this.count - 1);
    this.show();
  }

  show() {
    this.label.textContent = num(this.count);
    const want = Math.min(this.count, capOf('hand'));
    while (this.stones.childElementCount > want) /** @type {Element} */ (this.stones.lastElementChild).remove();
    while (this.stones.childElementCount < want) {
      const i = this.stones.childElementCount;
      this.stones.append(stone(i, 'hand'));
    }
  }

  /**
   * Glides over `cup` in `ms` milliseconds.
   * @param {Cup} cup
   * @param {number} ms
   */
  moveTo(cup, ms) {
    const at = this.board.centre(cup);
    if (!at) return;
    this.el.style.transitionDuration = `${Math.round(ms)}ms`;
    this.el.style.transform = `translate(${at.x.toFixed(1)}px, ${at.y.toFixed(1)}px)`;
  }

  remove() {
    this.el.remove();
  }
}

/**
 * The stone just dropped into `cup` falls in (style.css's `drop`).
 * @param {Board} board
 * @param {Cup} cup
 */
function drop(board, cup) {
  const el = board.cupEl(cup);
  const layer = el && el.querySelector('.stones');
  const count = el ? Number(el.dataset.count) : 0;
  if (layer && count <= capOf(board.stoneShape(cup))) {
    const last = layer.lastElementChild;
    if (last) last.classList.add('drop');
  }
}

/**
 * Floats the stones of the cups `from` to the cup `to` in `ms`
 * milliseconds; the cups' own stones hide meanwhile (their counts stay
 * until the caller shows the new ones).
 * @param {Board} board
 * @param {Cup[]} from
 * @param {Cup} to
 * @param {number} ms
 */
async function float(board, from, to, ms) {
  const target = board.centre(to);
  const layer = board.el;
  if (!target || !layer) return sleep(ms);
  const origin = layer.getBoundingClientRect();
  /** @type {Promise<unknown>[]} */
  const flights = [];
  /** @type {HTMLElement[]} */
  const floating = [];
  /** @type {HTMLElement[]} */
  const emptied = [];
  for (const cup of from) {
    const el = board.cupEl(cup);
    if (!el) continue;
    emptied.push(el);
    for (const one of el.querySelectorAll('.stones .stone')) {
      const box = one.getBoundingClientRect();
      const clone = /** @type {HTMLElement} */ (one.cloneNode(false));
      clone.classList.remove('drop');
      clone.classList.add('fly');
      const x = box.left - origin.left - layer.clientLeft;
      const y = box.top - origin.top - layer.clientTop;
      clone.style.left = `${x.toFixed(1)}px`;
      clone.style.top = `${y.toFixed(1)}px`;
      layer.append(clone);
      floating.push(clone);
      const dx = target.x - x - box.width / 2;
      const dy = target.y - y - box.height / 2;
      flights.push(clone.animate(
        [{ transform: 'translate(0, 0)' }, { transform: `translate(${dx.toFixed(1)}px, ${dy.toFixed(1)}px)` }],
        { duration: ms, easing: 'ease-in-out', fill: 'forwards' }).finished);
    }
    el.classList.add('emptying');
  }
  await Promise.all([sleep(ms), ...flights.map((f) => f.catch(() => null))]);
  for (const el of floating) el.remove();
  for (const el of emptied) el.classList.remove('emptying');
}

/** The steps of `effect`: its own, or those its `path` implies. */
function sowingSteps(effect, house) {
  if (!effect) return [];
  if (Array.isArray(effect.steps) && effect.steps.length) return effect.steps;
  if (!Array.isArray(effect.path) || effect.path.length === 0) return [];
  return [
    { step: 'lift', cup: { kind: 'house', side: effect.side, number: house } },
    ...effect.path.map((/** @type {any} */ cup) => ({ step: 'seed', cup })),
  ];
}

/**
 * The seeds in `cup` on the counts `c`.
 * @param {Counts} c
 * @param {Cup} cup
 */
function seedsIn(c, cup) {
  if (cup.kind === 'store') return c.stores[cup.side] || 0;
  const row = c.houses[cup.side];
  return (row && row[cup.number - 1]) || 0;
}

/**
 * Whether step `s` names cups the board has (if not, the animation
 * stops and the final position shows).
 * @param {Counts} c
 * @param {any} s
 */
function valid(c, s) {
  const cup = s && s.cup;
  if (!cup) return false;
  // A store takes seeds, and is lifted by a relay under `relay_store`.
  if (cup.kind === 'store') return (s.step === 'seed' || s.step === 'lift') && c.stores[cup.side] !== undefined;
  const row = c.houses[cup.side];
  if (!row || row[cup.number - 1] === undefined) return false;
  if (s.step === 'take') return c.stores[s.to] !== undefined;
  return s.step === 'seed' || s.step === 'lift';
}

/**
 * Plays the valid step `s` on the counts `c`.
 * @param {Counts} c
 * @param {any} s
 */
function apply(c, s) {
  const cup = s.cup;
  if (cup.kind === 'store') {
    c.stores[cup.side] = s.step === 'lift' ? 0 : c.stores[cup.side] + 1;
    return;
  }
  const row = c.houses[cup.side];
  if (s.step === 'seed') {
    row[cup.number - 1] += 1;
  } else if (s.step === 'lift') {
    row[cup.number - 1] = 0;
  } else {
    c.stores[s.to] += row[cup.number - 1];
    row[cup.number - 1] = 0;
  }
}

/** @param {number} ms */
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
