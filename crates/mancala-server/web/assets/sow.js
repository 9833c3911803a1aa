// The sowing animation. Display only: the server's `moved` message says
// how many seeds were sown and where the last one landed, and carries the
// position after the move, which is shown at the end whatever happened
// here. The cups the seeds pass are walked in board order (counter-
// clockwise) with the stores the rules spec puts on the track, one seed a
// step; captures then show as the final position.

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
 * `counts` (the position before the move). Resolves when done; at once
 * under prefers-reduced-motion or for a swap.
 * @param {import('./board.js').Board} board
 * @param {import('./board.js').Counts} counts
 * @param {any} effect
 * @param {number} house the house sown, from the mover's view
 * @param {Record<string, string>} rules
 */
export async function animateSowing(board, counts, effect, house, rules) {
  if (reducedMotion() || !effect || !effect.last || !(effect.sown > 0)) return;
  const sides = counts.houses.length;
  const houses = counts.houses[0].length;
  const c = { houses: counts.houses.map((r) => r.slice()), stores: counts.stores.slice() };
  const track = trackFrom(effect.side, house, sides, houses, rules);
  if (c.houses[effect.side][house - 1] === undefined) return;
  c.houses[effect.side][house - 1] = 0;
  board.show(c);
  board.mark({ sowing: [{ kind: 'house', side: effect.side, number: house }] });
  const delay = Math.max(25, Math.min(110, 1400 / effect.sown));
  let at = rules.origin === 'first' ? -1 : 0;
  for (let seed = 0; seed < effect.sown; seed++) {
    await sleep(delay);
    do {
      at = (at + 1) % track.length;
    } while (rules.origin === 'skip' && at === 0 && track.length > 1);
    const cup = track[at];
    if (cup.kind === 'store') c.stores[cup.side] += 1;
    else c.houses[cup.side][cup.number - 1] += 1;
    board.show(c);
    board.mark({ sowing: [cup] });
  }
  await sleep(delay * 2);
}

/**
 * The cups a sowing from house `house` of `side` may pass, in board
 * order from the origin (which comes first; `origin=skip` rules skip it).
 */
function trackFrom(side, house, sides, houses, rules) {
  const stores = rules.stores_sown || 'own';
  /** @type {import('./board.js').Cup[]} */
  const track = [];
  for (let k = 0; k < sides; k++) {
    const s = (side + k) % sides;
    for (let n = 1; n <= houses; n++) {
      track.push({ kind: 'house', side: s, number: n });
    }
    if (stores === 'all' || (stores === 'own' && s === side)) track.push({ kind: 'store', side: s });
  }
  // Start the walk at the origin.
  const start = track.findIndex((cup) => cup.kind === 'house' && cup.side === side && cup.number === house);
  return track.slice(start).concat(track.slice(0, start));
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
