// The sowing animation. Display only: the server's `moved` message says
// which cups the seeds went into (`effect.path`, worked out by the
// engine) and carries the position after the move, which is shown at the
// end whatever happened here; captures then show as the final position.

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
 * `counts` (the position before the move): the origin emptied, then one
 * seed into each cup of the server's `effect.path` in turn. Resolves when
 * done; at once under prefers-reduced-motion or for a swap.
 * @param {import('./board.js').Board} board
 * @param {import('./board.js').Counts} counts
 * @param {any} effect
 * @param {number} house the house sown, from the mover's view
 */
export async function animateSowing(board, counts, effect, house) {
  const path = effect && Array.isArray(effect.path) ? effect.path : [];
  if (reducedMotion() || path.length === 0) return;
  const c = { houses: counts.houses.map((r) => r.slice()), stores: counts.stores.slice() };
  if (c.houses[effect.side]?.[house - 1] === undefined) return;
  c.houses[effect.side][house - 1] = 0;
  board.show(c);
  board.mark({ sowing: [{ kind: 'house', side: effect.side, number: house }] });
  const delay = Math.max(25, Math.min(110, 1400 / path.length));
  for (const cup of path) {
    await sleep(delay);
    if (cup.kind === 'store') c.stores[cup.side] += 1;
    else if (c.houses[cup.side]?.[cup.number - 1] !== undefined) c.houses[cup.side][cup.number - 1] += 1;
    board.show(c);
    board.mark({ sowing: [cup] });
  }
  await sleep(delay * 2);
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
