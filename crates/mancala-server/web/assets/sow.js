// The sowing animation. Display only: the server's `moved` message says
// what the sowing did step by step (`effect.steps`, worked out by the
// engine) and carries the position after the move, which is shown at the
// end whatever happened here; the landing's captures then show as the
// final position.

import { reducedMotion } from './dom.js';

/** The rule dimensions of a canonical spec ("players=2,houses=6,..."). */
export function parseRules(spec) {
  /** @type {Record<string, string>} */
  const rules = {};
  for (const part of spec.split(',')) {
    const [key, value] = part.split('=');
    if (key && value !== undefined) rules[key.trim()] = value.trim();
  }
  return rules;
}

/**
 * Animates `effect` (of a `moved` message) on `board`, starting from
 * `counts` (the position before the move), step by step as the server's
 * `effect.steps` tell it (worked out by the engine): a lift empties a
 * house, a seed goes into a cup, a take moves a house's seeds to a store
 * (a capture while sowing, or a tuzdyk passing a seed on). A server that
 * sends only `effect.path` gets the origin emptied, then its seeds.
 * Resolves when done; at once under prefers-reduced-motion or for a swap.
 * @param {import('./board.js').Board} board
 * @param {import('./board.js').Counts} counts
 * @param {any} effect
 * @param {number} house the house sown, from the mover's view
 */
export async function animateSowing(board, counts, effect, house) {
  const steps = sowingSteps(effect, house);
  if (reducedMotion() || steps.length === 0) return;
  const c = { houses: counts.houses.map((r) => r.slice()), stores: counts.stores.slice() };
  const seeds = steps.filter((s) => s.step === 'seed').length;
  // Quick: a long relay sowing takes no more than about 2.5 s.
  const delay = Math.max(10, Math.min(110, 2500 / seeds));
  for (const [i, s] of steps.entries()) {
    if (!apply(c, s)) return;
    board.show(c);
    board.mark(s.step === 'take' ? { captured: [s.cup] } : { sowing: [s.cup] });
    // A lift is shown with the seed after it, without a pause of its own.
    if (s.step !== 'lift' || i === steps.length - 1) await sleep(s.step === 'take' ? delay * 3 : delay);
  }
  await sleep(delay * 2);
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
 * Plays step `s` on the counts `c`; false when it names a cup the board
 * does not have (then the animation stops and the final position shows).
 */
function apply(c, s) {
  const cup = s && s.cup;
  if (!cup) return false;
  if (cup.kind === 'store') {
    if (s.step !== 'seed' || c.stores[cup.side] === undefined) return false;
    c.stores[cup.side] += 1;
    return true;
  }
  const row = c.houses[cup.side];
  if (!row || row[cup.number - 1] === undefined) return false;
  if (s.step === 'seed') {
    row[cup.number - 1] += 1;
  } else if (s.step === 'lift') {
    row[cup.number - 1] = 0;
  } else if (s.step === 'take' && c.stores[s.to] !== undefined) {
    c.stores[s.to] += row[cup.number - 1];
    row[cup.number - 1] = 0;
  } else {
    return false;
  }
  return true;
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
