// A direction chosen by the player (`direction_choice`, docs/rules.md
// section 3) in a real browser: Mbangbi, where every house sows the way
// its mover says. On a 360 px phone a tap on a house offers two large
// arrows, each beside the house on the side its seeds go and named
// through the catalogs; Escape or a tap elsewhere takes them away; the
// clockwise one plays `3cw`, the other player's page animates the
// sowing cup by cup the clockwise way, and the move list shows `3 ↻`.
//
// The moves and counts are worked out by hand from docs/rules.md (as
// crates/mancala-server/tests/directions.rs), and checked against
// `mancala replay` of the moves.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { replay, rulesHostAndGuest, shownCounts, testEnvironment } from './harness.js';

const env = testEnvironment({ playerDefaults: { reducedMotion: 'reduce' } });

/** Mbangbi (crates/mancala-core/rules/mbangbi.toml) as a spec. */
const RULES = 'oware,houses=5,seeds=8,direction=ccw,direction_choice=1,2,3,4,5,stores_sown=none,origin=skip,'
  + 'extra_turn=none,min_seeds=2,must_feed=false,unfed=any_move,grand_slam=allowed,capture=count,capture_counts=2,4,'
  + 'capture_side=opponent,chain=true,no_move=pass,end=no_legal_move,majority,repetition,leftover=owner,cycle_leftover=owner';

const PHONE = { viewport: { width: 360, height: 760 }, isMobile: true, hasTouch: true };

/** The middle of `testid`'s box on `page`. */
async function middle(page, testid) {
  const box = await page.getByTestId(testid).boundingBox();
  assert.ok(box, `${testid} is shown`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, w: box.width, h: box.height };
}

/**
 * Starts noting, on `page`, every cup the sowing animation marks (its
 * `data-testid`, in order): `sowingSeen` reads them.
 */
async function watchSowing(page) {
  await page.evaluate(() => {
    const seen = /** @type {string[]} */ ([]);
    /** @type {any} */ (window).sowingSeen = seen;
    new MutationObserver((changes) => {
      for (const c of changes) {
        const el = /** @type {HTMLElement} */ (c.target);
        const was = (c.oldValue || '').split(' ').includes('sowing');
        if (el.classList.contains('sowing') && !was) seen.push(el.dataset.testid || '');
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'], attributeOldValue: true });
  });
}

test('a house sown either way offers two arrows on a phone, and the clockwise one plays 3cw', async () => {
  const ann = await env.player(PHONE);
  const bob = await env.player({ reducedMotion: 'no-preference' });
  await rulesHostAndGuest(env.server.url, RULES, ann, bob);
  await ann.page.getByTestId('start-game').click();
  await ann.page.locator('[data-ready="yes"]').waitFor();
  await watchSowing(bob.page);

  // Ann's house 3: two arrows, each named, each a 44 px target on the
  // screen. Her row is at the bottom, house 1 on the left: clockwise
  // is leftwards there, counter-clockwise rightwards.
  const house = await middle(ann.page, 'house-0-3');
  await ann.page.getByTestId('house-0-3').tap();
  await ann.page.getByTestId('sow-ways').waitFor();
  assert.equal(await ann.page.getByTestId('sow-cw').getAttribute('aria-label'), 'Sow house 3 clockwise');
  assert.equal(await ann.page.getByTestId('sow-ccw').getAttribute('aria-label'), 'Sow house 3 counter-clockwise');
  await ann.page.getByRole('button', { name: 'Sow house 3 clockwise' }).waitFor();
  const cw = await middle(ann.page, 'sow-cw');
  const ccw = await middle(ann.page, 'sow-ccw');
  for (const [name, b] of [['cw', cw], ['ccw', ccw]]) {
    assert.ok(b.w >= 44 && b.h >= 44, `sow-${name} is ${b.w} x ${b.h} px`);
    assert.ok(b.x - b.w / 2 >= 0 && b.x + b.w / 2 <= 360, `sow-${name} is on the screen`);
  }
  assert.ok(cw.x < house.x - 20 && Math.abs(cw.y - house.y) < 5, 'the clockwise arrow is left of the house');
  assert.ok(ccw.x > house.x + 20 && Math.abs(ccw.y - house.y) < 5, 'the counter-clockwise arrow is right of it');
  assert.ok(await ann.page.evaluate(() => document.documentElement.scrollWidth) <= 360, 'the page fits 360 px');

  // Escape takes them away; so does a tap elsewhere. Nothing is played.
  await ann.page.keyboard.press('Escape');
  await ann.page.getByTestId('sow-ways').waitFor({ state: 'detached' });
  await ann.page.getByTestId('house-0-3').tap();
  await ann.page.getByTestId('sow-ways').waitFor();
  await ann.page.getByTestId('to-move').tap();
  await ann.page.getByTestId('sow-ways').waitFor({ state: 'detached' });
  assert.equal(await ann.page.locator('[data-testid="moves"] li').count(), 0);

  // Clockwise: house 3's 8 seeds go to her houses 2 and 1, Bob's houses
  // 5, 4, 3, 2, 1 (no store on the track), and her house 5, the last
  // (her own side: no capture).
  await ann.page.getByTestId('house-0-3').tap();
  await ann.page.getByTestId('sow-cw').tap();
  const after = { houses: [[9, 9, 0, 8, 9], [9, 9, 9, 9, 9]], stores: [0, 0] };
  assert.deepEqual(replay(RULES, ['3cw']).houses, after.houses);
  for (const p of [ann, bob]) {
    const item = p.page.locator('[data-testid="moves"] li').first();
    await item.waitFor();
    assert.equal(await item.getAttribute('data-move'), '3cw');
    assert.match(await item.innerText(), /: 3 ↻$/);
    await p.page.locator('[data-testid="to-move"][data-turn="' + (p === bob ? 'mine' : 'other') + '"]').waitFor();
    assert.deepEqual(await shownCounts(p.page, 2, 5), after);
  }
  // Bob's page animated the sowing cup by cup the clockwise way.
  assert.deepEqual(await bob.page.evaluate(() => /** @type {any} */ (window).sowingSeen), [
    'house-0-3', 'house-0-2', 'house-0-1', 'house-1-5', 'house-1-4', 'house-1-3', 'house-1-2', 'house-1-1', 'house-0-5',
  ]);
  assert.match(await bob.page.getByTestId('announce').innerText(), /played house 3 clockwise\./);

  // Bob's row is at the bottom of his page: his house 1 counter-
  // clockwise (rightwards) sows his houses 2 to 5 and Ann's 1 to 5.
  await bob.page.locator('[data-ready="yes"]').waitFor();
  const his = await middle(bob.page, 'house-1-1');
  await bob.page.getByTestId('house-1-1').click();
  const right = await middle(bob.page, 'sow-ccw');
  assert.ok(right.x > his.x + 20, 'the counter-clockwise arrow is right of his house');
  await bob.page.getByTestId('sow-ccw').click();
  const last = { houses: [[10, 10, 1, 9, 10], [0, 10, 10, 10, 10]], stores: [0, 0] };
  assert.deepEqual(replay(RULES, ['3cw', '1ccw']).houses, last.houses);
  for (const p of [ann, bob]) {
    await p.page.locator('[data-testid="moves"] li').nth(1).waitFor();
    assert.match(await p.page.locator('[data-testid="moves"] li').nth(1).innerText(), /: 1 ↺$/);
    await p.page.locator('[data-testid="to-move"][data-turn="' + (p === ann ? 'mine' : 'other') + '"]').waitFor();
    assert.deepEqual(await shownCounts(p.page, 2, 5), last);
  }
  // Her house 3 holds 1 seed (below 2): not playable; house 4 is.
  await ann.page.locator('[data-ready="yes"]').waitFor();
  assert.equal(await ann.page.getByTestId('house-0-3').isDisabled(), true);
  assert.equal(await ann.page.getByTestId('house-0-4').isEnabled(), true);
  env.assertNoConsoleErrors();
});

test('on a clockwise board, drawn as the mirror image, the clockwise arrow still points clockwise', async () => {
  // Kalah sown clockwise (docs/rules.md section 3, `direction = cw`):
  // the board is mirrored, house 1 on the mover's right, so that the
  // seeds go right to left along the bottom row. House 2's direction
  // is chosen: clockwise is along the track there (docs/rules.md
  // section 3: counter-clockwise on the cw board follows it backwards),
  // 2 seeds to houses 3 and 4.
  const rules = 'kalah,houses=4,seeds=2,direction=cw,direction_choice=2';
  const ann = await env.player(PHONE);
  const bob = await env.player();
  await rulesHostAndGuest(env.server.url, rules, ann, bob);
  await ann.page.getByTestId('start-game').click();
  await ann.page.locator('[data-ready="yes"]').waitFor();
  const two = await middle(ann.page, 'house-0-2');
  const three = await middle(ann.page, 'house-0-3');
  assert.ok(three.x < two.x, 'house 3 is drawn left of house 2');
  await ann.page.getByTestId('house-0-2').tap();
  const cw = await middle(ann.page, 'sow-cw');
  const ccw = await middle(ann.page, 'sow-ccw');
  assert.ok(cw.x < two.x - 20 && ccw.x > two.x + 20, 'clockwise is leftwards on the bottom row, the way of house 3');
  await ann.page.getByTestId('sow-cw').tap();
  const after = { houses: [[2, 0, 3, 3], [2, 2, 2, 2]], stores: [0, 0] };
  assert.deepEqual(replay(rules, ['2cw']).houses, after.houses);
  for (const p of [ann, bob]) {
    await p.page.locator('[data-testid="moves"] li').first().waitFor();
    assert.deepEqual(await shownCounts(p.page, 2, 4), after);
  }
  env.assertNoConsoleErrors();
});
