// A match whose houses change hands between rounds (`rounds =
// territory`, docs/rules.md section 8a) in a real browser: two players
// create it from its rules page and click round 1 through; in round 2
// the winner owns a house of the other row, which both pages draw on
// that row marked as the winner's (its colour, an arrow toward its row,
// its number among the winner's houses, its name said so); the winner
// plays it there, on a phone, and the loser's last move ends the match.
//
// The moves and every count below are worked out by hand from
// docs/rules.md (as crates/mancala-server/tests/territory.rs: round 1
// ends A 6 to B 2), and checked against `mancala replay` of the moves.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { replay, rulesHostAndGuest, screenshot, shownCounts, testEnvironment } from './harness.js';

const env = testEnvironment({ playerDefaults: { reducedMotion: 'reduce' } });

/** Two houses of two seeds, stores not sown, captures of 2 and 3, the round's winner starting the next. */
const RULES = 'kalah,houses=2,seeds=2,rounds=territory,stores_sown=none,capture=count,capture_counts=2,3,extra_turn=none,round_starter=winner';

/** Round 1, seat and house: A (seat 0, side 0) wins it 6 to 2. */
const ROUND_1 = [[0, 2], [1, 1], [0, 2], [1, 2], [0, 1], [1, 2], [0, 2]];

/** The moves listed on a page. */
function listed(page) {
  return page.locator('[data-testid="moves"] li').count();
}

/** `who` clicks the house of the board `testid`; every page lists the move. */
async function click(pages, who, testid) {
  await who.page.locator('[data-ready="yes"]').waitFor();
  const before = await listed(who.page);
  await who.page.getByTestId(testid).click();
  for (const p of pages) await p.page.locator('[data-testid="moves"] li').nth(before).waitFor();
}

test('the winner of a round plays its house on the other row', async () => {
  // Ann plays on a phone.
  const ann = await env.player({ viewport: { width: 360, height: 760 }, isMobile: true, hasTouch: true });
  // Bob's page animates each sowing (the engine's steps, across the
  // board as it stands).
  const bob = await env.player({ reducedMotion: 'no-preference' });
  await rulesHostAndGuest(env.server.url, RULES, ann, bob);
  await ann.page.getByTestId('start-game').click();
  const pages = [ann, bob];
  for (const p of pages) await p.page.getByTestId('round').and(p.page.locator('[data-round="1"]')).waitFor();
  // Round 1: every house its row's, none marked as the other row's.
  assert.equal(await ann.page.getByTestId('owned-across').count(), 0);
  assert.equal(await ann.page.getByTestId('territory-note').isHidden(), true);

  for (const [seat, n] of ROUND_1) await click(pages, pages[seat], `house-${seat}-${n}`);
  for (const p of pages) await p.page.getByTestId('round').and(p.page.locator('[data-round="2"]')).waitFor();

  // Round 2: A's 6 seeds own its row and B's house 1 (A's house 3); B
  // keeps its house 2. Every house holds 2 again.
  const engine = replay(RULES, ROUND_1.map(([, n]) => String(n)));
  assert.equal(engine.round, 2);
  assert.deepEqual(engine.houses, [[2, 2, 2], [0, 2, 0]], 'the round\'s board: A owns 3 houses, B its house 2');
  for (const p of pages) {
    assert.deepEqual(await shownCounts(p.page, 2, 2), { houses: [[2, 2], [2, 2]], stores: [0, 0] }, 'the board as it stands');
    const across = p.page.getByTestId('house-1-1');
    assert.equal(await across.getAttribute('data-owner'), '0', 'B\'s house 1 is A\'s');
    assert.equal(await across.getAttribute('data-house'), '3', 'as A\'s house 3');
    assert.equal(await across.getByTestId('owned-across').count(), 1, 'marked as the other row\'s');
    assert.equal(await p.page.getByTestId('owned-across').count(), 1, 'one house changed hands');
    assert.equal(await p.page.getByTestId('house-1-2').getAttribute('data-owner'), '1');
    assert.equal(await p.page.getByTestId('burnt-house').count(), 0, 'no house of the board is burnt');
  }
  // Ann sees it as hers, on Bob's row, in her colour (she is drawn at
  // the bottom: owner at 0); Bob as Ann's, in the other colour.
  const annHouse = ann.page.getByTestId('house-1-1');
  assert.match(await annHouse.getAttribute('aria-label'), /^your house 3, on .+'s row, 2 seeds$/);
  assert.equal(await annHouse.getAttribute('data-owner-at'), '0');
  assert.equal(await bob.page.getByTestId('house-1-1').getAttribute('data-owner-at'), '1');
  assert.match(await bob.page.getByTestId('house-1-1').getAttribute('aria-label'), /'s house 3, on your row, 2 seeds$/);

  // The legend under the board says it without colour.
  assert.equal(await ann.page.getByTestId('territory-note').textContent(),
    'Houses changed hands this round: one of yours is on the other row (▼); none of your row is your opponent\'s.');
  assert.equal(await bob.page.getByTestId('territory-note').textContent(),
    'Houses changed hands this round: none of yours is on the other row; one house of your row is your opponent\'s (▲).');
  const width = await ann.page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `page width ${width}`);
  await ann.page.mouse.move(0, 0);
  await screenshot(ann.page, 'territory-phone.png');

  // Ann (the winner starts) may play her three houses; Bob none now.
  await ann.page.locator('[data-ready="yes"]').waitFor();
  assert.equal(await annHouse.isEnabled(), true, 'Ann plays her house on Bob\'s row');
  assert.equal(await ann.page.getByTestId('house-1-2').isDisabled(), true, 'not Bob\'s');
  assert.equal(await bob.page.getByTestId('house-1-1').isDisabled(), true, 'not Bob\'s any more');

  // A's house 3 (2 seeds): past B's burnt house 1 into B's house 2 (3),
  // then past the unsown stores into A's house 1 (3).
  // Bob's page sows it seed by seed from the house of his row where
  // Ann's house 3 stands.
  const sown = bob.page.locator('[data-testid="house-1-1"].sowing').waitFor();
  await click(pages, ann, 'house-1-1');
  await sown;
  const moves = [...ROUND_1.map(([, n]) => String(n)), '3'];
  assert.deepEqual(replay(RULES, moves).houses, [[3, 2, 0], [0, 3, 0]]);
  for (const p of pages) {
    await p.page.getByTestId('house-1-2').and(p.page.locator('[data-count="3"]')).waitFor();
    assert.deepEqual(await shownCounts(p.page, 2, 2), { houses: [[3, 2], [0, 3]], stores: [0, 0] });
  }
  // Bob plays his one house (his house 2): a1 4, a2 3, Ann's house 3 on
  // his row 1; Bob owns no seed, the match is over, Ann's 8 to 0.
  await bob.page.locator('[data-ready="yes"]').waitFor();
  assert.equal(await bob.page.getByTestId('house-1-1').isDisabled(), true);
  await click(pages, bob, 'house-1-2');
  const final = replay(RULES, [...moves, '2']);
  assert.equal(final.over, true, `${JSON.stringify(final)}`);
  for (const p of pages) await p.page.getByTestId('result').waitFor();

  // The replay draws round 2 as it stood: its start (step 8, after
  // round 1's 7 moves), then Ann's move from Bob's row.
  await bob.page.getByTestId('result-replay').click();
  await bob.page.waitForURL(/\/g\/[0-9a-f]{32}/);
  const viewer = await env.player();
  await viewer.page.goto(`${bob.page.url().split('#')[0]}#round-2`);
  const atStep = (/** @type {number} */ k) => viewer.page.locator(`[data-testid="replay-ply"][data-step="${k}"]`).waitFor();
  await atStep(8);
  assert.deepEqual(await shownCounts(viewer.page, 2, 2), { houses: [[2, 2], [2, 2]], stores: [0, 0] });
  assert.equal(await viewer.page.getByTestId('house-1-1').getAttribute('data-owner'), '0');
  assert.equal(await viewer.page.getByTestId('house-1-1').getAttribute('data-house'), '3');
  assert.equal(await viewer.page.getByTestId('owned-across').count(), 1);
  await viewer.page.getByTestId('replay-forward').click();
  await atStep(9);
  assert.deepEqual(await shownCounts(viewer.page, 2, 2), { houses: [[3, 2], [0, 3]], stores: [0, 0] });
  env.assertNoConsoleErrors();
});
