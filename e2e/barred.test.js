// No move straight back (`no_undo`, docs/rules.md section 4; Alemungula)
// in a real browser, on a phone: after a single seed is sown across the
// end of the row into an empty house, both pages mark that house as
// barred (a bar over it, its name and tooltip saying so), and its owner
// cannot play it: a tap says why, and no move is sent.
//
// The moves and counts are worked out by hand from docs/rules.md (as
// crates/mancala-server/tests/relay_store_and_no_undo.rs), and checked
// against `mancala replay` of the moves.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { replay, rulesHostAndGuest, shownCounts, testEnvironment } from './harness.js';

const env = testEnvironment({ playerDefaults: { reducedMotion: 'reduce' } });

/**
 * Alemungula (crates/mancala-core/rules/alemungula.toml) on four houses
 * of two seeds: an even row, so no house's direction is chosen.
 */
const RULES = 'oware,houses=4,seeds=2,direction=split,origin=include,min_seeds=1,must_feed=false,'
  + 'unfed=any_move,grand_slam=allowed,capture_counts=2,4,capture_side=opponent,chain=true,no_move=end,'
  + 'end=no_legal_move,majority,repetition,leftover=owner,cycle_leftover=owner,no_undo=true';

/** `who` clicks the house of the board `testid`; every page lists the move. */
async function click(pages, who, testid) {
  await who.page.locator('[data-ready="yes"]').waitFor();
  const before = await who.page.locator('[data-testid="moves"] li').count();
  await who.page.getByTestId(testid).click();
  for (const p of pages) await p.page.locator('[data-testid="moves"] li').nth(before).waitFor();
}

test('a barred house is marked and cannot be played', async () => {
  const ann = await env.player();
  const bob = await env.player({ viewport: { width: 360, height: 760 }, isMobile: true, hasTouch: true });
  await rulesHostAndGuest(env.server.url, RULES, ann, bob);
  await ann.page.getByTestId('start-game').click();
  const pages = [ann, bob];

  // Ann's house 1 (2 seeds, sown clockwise): Bob's houses 4 and 3 (3, 3).
  await click(pages, ann, 'house-0-1');
  // Bob's house 4 (3, counter-clockwise): Ann's houses 1, 2, 3 (1, 3, 3).
  await click(pages, bob, 'house-1-4');
  for (const p of pages) assert.equal(await p.page.getByTestId('house-barred').count(), 0, 'nothing barred yet');
  // Ann's house 1 holds one seed: across the end into Bob's empty house
  // 4, alone there: Bob may not move it straight back this turn.
  await click(pages, ann, 'house-0-1');
  const after = { houses: [[0, 3, 3, 2], [2, 2, 3, 1]], stores: [0, 0] };
  assert.deepEqual(replay(RULES, ['1', '4', '1']).houses, after.houses);
  for (const p of pages) {
    const house = p.page.getByTestId('house-1-4');
    await house.getByTestId('house-barred').waitFor();
    assert.equal(await p.page.getByTestId('house-barred').count(), 1);
    assert.deepEqual(await shownCounts(p.page, 2, 4), after);
    assert.match(await house.getAttribute('title'), /straight back/);
  }
  assert.match(await bob.page.getByTestId('house-1-4').getAttribute('aria-label'), /^your house 4, one seed, barred this turn$/);
  assert.match(await ann.page.getByTestId('house-1-4').getAttribute('aria-label'), /, barred this turn$/);

  // Bob's turn: the barred house is not his to play; a tap says why.
  await bob.page.locator('[data-ready="yes"]').waitFor();
  const barred = bob.page.getByTestId('house-1-4');
  assert.equal(await barred.getAttribute('aria-disabled'), 'true');
  assert.equal(await barred.evaluate((el) => el.classList.contains('playable')), false);
  assert.equal(await bob.page.getByTestId('house-1-3').isEnabled(), true);
  await barred.tap({ force: true });
  await barred.click({ force: true });
  assert.match(await bob.page.locator('#hint').textContent(), /^House 4 is barred this turn: .*straight back\.$/);
  // Said aloud too: the hint is a polite live region.
  assert.equal(await bob.page.locator('#hint').getAttribute('role'), 'status');
  // No move went: the list still holds three, and it is still Bob's turn.
  await bob.page.waitForTimeout(300);
  for (const p of pages) assert.equal(await p.page.locator('[data-testid="moves"] li').count(), 3);
  assert.equal(await bob.page.getByTestId('to-move').getAttribute('data-turn'), 'mine');
  // Nor by its digit key.
  await bob.page.keyboard.press('4');
  await bob.page.waitForTimeout(300);
  assert.equal(await bob.page.locator('[data-testid="moves"] li').count(), 3);

  // Bob's house 3 (3): his house 4 (2), Ann's houses 1, 2 (1, 4): 4 on
  // Ann's side is captured, Ann's house 1 holding 1 ends the chain. The
  // bar is gone.
  await click(pages, bob, 'house-1-3');
  for (const p of pages) {
    assert.deepEqual(await shownCounts(p.page, 2, 4), { houses: [[1, 0, 3, 2], [2, 2, 0, 2]], stores: [0, 4] });
    assert.equal(await p.page.getByTestId('house-barred').count(), 0);
  }
  assert.deepEqual(replay(RULES, ['1', '4', '1', '3']).stores, [0, 4]);
  env.assertNoConsoleErrors();
});
