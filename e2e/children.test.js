// Children (`children`, docs/rules.md section 5) in a real browser: a
// sowing whose last seed brings an opponent's house to `child_count`
// makes it the mover's child, which both pages mark as the mover's (its
// colour, an arrow toward the mover's row, its name said so) and which
// nobody can play.
//
// The moves and counts are worked out by hand from docs/rules.md (as
// crates/mancala-server/tests/children.rs), and checked against
// `mancala replay` of the moves.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { replay, rulesHostAndGuest, shownCounts, testEnvironment } from './harness.js';

const env = testEnvironment({ playerDefaults: { reducedMotion: 'reduce' } });

/** Three houses of two seeds, Kalah without capture, a child made at 3 seeds. */
const RULES = 'kalah,houses=3,seeds=2,capture=none,children=true,child_count=3';

/** `who` clicks the house of the board `testid`; every page lists the move. */
async function click(pages, who, testid) {
  await who.page.locator('[data-ready="yes"]').waitFor();
  const before = await who.page.locator('[data-testid="moves"] li').count();
  await who.page.getByTestId(testid).click();
  for (const p of pages) await p.page.locator('[data-testid="moves"] li').nth(before).waitFor();
}

test('a child is marked as its maker\'s and cannot be played', async () => {
  const ann = await env.player();
  const bob = await env.player({ reducedMotion: 'no-preference' });
  await rulesHostAndGuest(env.server.url, RULES, ann, bob);
  await ann.page.getByTestId('start-game').click();
  const pages = [ann, bob];

  // Ann's house 3: her store 1, Bob's house 1 3, the last seed: Bob's
  // house 1 is Ann's child, its 3 seeds in her store.
  await click(pages, ann, 'house-0-3');
  assert.deepEqual(replay(RULES, ['3']).children, [[1], []]);
  for (const p of pages) {
    const house = p.page.getByTestId('house-1-1');
    await house.getByTestId('child-house').waitFor();
    assert.equal(await house.getAttribute('data-child'), '0');
    assert.equal(await p.page.getByTestId('child-house').count(), 1);
    assert.deepEqual(await shownCounts(p.page, 2, 3), { houses: [[2, 2, 0], [0, 2, 2]], stores: [4, 0] });
  }
  assert.match(await ann.page.getByTestId('house-1-1').getAttribute('aria-label'), /, your child$/);
  // Making a child is no capture (docs/rules.md section 5): the pages
  // say so, the effect's `child` naming the house.
  const said = await ann.page.locator('[data-announce]').textContent();
  assert.match(said, /house 1 becomes your child: its 3 seeds go to your store\./);
  assert.doesNotMatch(said, /captur/);
  assert.match(await bob.page.locator('[data-announce]').textContent(), /your house 1 becomes .+'s child: its 3 seeds go to .+'s store\./);
  // In the colour of its owner's place: Ann's, at the bottom of her
  // page, the top of Bob's.
  assert.equal(await ann.page.getByTestId('house-1-1').getAttribute('data-child-at'), '0');
  assert.equal(await bob.page.getByTestId('house-1-1').getAttribute('data-child-at'), '1');
  assert.match(await bob.page.getByTestId('house-1-1').getAttribute('aria-label'), /^your house 1, 0 seeds, .+'s child$/);
  await bob.page.locator('[data-ready="yes"]').waitFor();
  assert.equal(await bob.page.getByTestId('house-1-1').isDisabled(), true, 'a child is never played');
  assert.equal(await bob.page.getByTestId('house-1-3').isEnabled(), true);

  // Bob's house 3: his store 1, Ann's house 1 3: his child.
  await click(pages, bob, 'house-1-3');
  for (const p of pages) {
    await p.page.getByTestId('house-0-1').getByTestId('child-house').waitFor();
    assert.equal(await p.page.getByTestId('house-0-1').getAttribute('data-child'), '1');
    assert.deepEqual(await shownCounts(p.page, 2, 3), { houses: [[0, 2, 0], [0, 2, 0]], stores: [4, 4] });
  }
  assert.deepEqual(replay(RULES, ['3', '3']).houses, [[0, 2, 0], [0, 2, 0]]);
  await ann.page.locator('[data-ready="yes"]').waitFor();
  assert.equal(await ann.page.getByTestId('house-0-1').isDisabled(), true);
  env.assertNoConsoleErrors();
});
