// A match of Dakon in rounds (crates/mancala-core/rules/dakon-rounds.toml,
// docs/rules.md section 8a) in a real browser: two players create it
// from its rules page and click it through its first round into the
// second, the page's round, rounds won and burnt houses checked against
// `mancala replay` (mancala-core) of the same moves; a spectator steps
// back across the round change and returns to the match; then its
// replay (/g/ID) is stepped through every round, each position equal to
// `mancala replay` of the moves so far, the start of round 2 between
// the two rounds with its burnt houses, to a final position equal to
// `mancala replay` of every move; the engine's chart and verdicts are
// those of the round shown.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mover, replay, rng, rulesHostAndGuest, shownCounts, testEnvironment } from './harness.js';

// A small review budget at full speed, so that the match is analysed
// within the test.
const env = testEnvironment({
  serverArgs: ['--analysis-budget', 'solver=0,depth=2', '--analysis-cpu', '100'],
  playerDefaults: { reducedMotion: 'reduce' },
});

/** Dakon in rounds, as the rule file's dimensions in a spec. */
const MATCH = 'dakon,rounds=fill,round_fill=from_store,round_starter=last_mover';
/** One round of it alone: the `dakon` preset. */
const ROUND = 'dakon';
const HOUSES = 7;

/** The moves listed on a room page. */
function listed(page) {
  return page.locator('[data-testid="moves"] li').count();
}

/** The mover clicks a random playable house; every page lists the move. */
async function playOne(pages, who, random, moves) {
  await who.page.locator('[data-ready="yes"]').waitFor();
  const houses = who.page.locator('[data-testid^="house-"]:enabled');
  const count = await houses.count();
  assert.ok(count > 0, 'the mover has a playable house');
  const house = houses.nth(Math.floor(random() * count));
  const number = (await house.getAttribute('data-testid')).split('-')[2];
  await house.click();
  moves.push(number);
  for (const p of pages) await p.page.locator('[data-testid="moves"] li').nth(moves.length - 1).waitFor();
}

/** The round a page shows (`data-round` of the `round` line), 0 for none. */
async function shownRound(page) {
  const round = page.getByTestId('round');
  if (!(await round.isVisible())) return 0;
  return Number(await round.getAttribute('data-round'));
}

/** The burnt houses a page shows, per side: house numbers from 1. */
async function shownBurnt(page) {
  const burnt = [];
  for (let s = 0; s < 2; s++) {
    const row = [];
    for (let n = 1; n <= HOUSES; n++) {
      if (await page.getByTestId(`house-${s}-${n}`).getByTestId('burnt-house').count()) row.push(n);
    }
    burnt.push(row);
  }
  return burnt;
}

/** The page shows `expected` (`mancala replay --json`): its cups, round, rounds won and burnt houses. */
async function assertShown(page, expected, what) {
  assert.deepEqual(await shownCounts(page, 2, HOUSES), { houses: expected.houses, stores: expected.stores }, what);
  assert.equal(await shownRound(page), expected.round, `${what}: the round`);
  assert.equal(await page.getByTestId('rounds-won').getAttribute('data-won'), expected.rounds_won.join(','), `${what}: rounds won`);
  assert.deepEqual(await shownBurnt(page), expected.burnt, `${what}: burnt houses`);
}

/** @type {{id: string, moves: string[], first: number}|null} the match the first test finished */
let finished = null;

/** Waits until the replay shows step `k`. */
async function atStep(page, k) {
  await page.locator(`[data-testid="replay-ply"][data-step="${k}"]`).waitFor();
}

test('a match of Dakon in rounds is played through a round change and replayed round by round', async () => {
  const ann = await env.player();
  const bob = await env.player();
  const cy = await env.player();
  // Ann makes the room from the rules page of the rule file's rules.
  const link = await rulesHostAndGuest(env.server.url, MATCH, ann, bob, async (page) => {
    await page.locator('[data-section="winning"]').waitFor();
  });
  await cy.page.goto(link);
  await ann.page.getByTestId('start-game').click();
  await ann.page.getByTestId('to-move').and(ann.page.locator('[data-turn="mine"]')).waitFor();
  await cy.page.getByTestId('round').and(cy.page.locator('[data-round="1"]')).waitFor();

  // Round 1 by random clicks, to its end: the pages go on to round 2.
  const pages = [ann, bob];
  const everyone = [ann, bob, cy];
  const random = rng(30);
  const moves = [];
  let first = 0;
  while (first === 0) {
    const who = await mover(pages);
    assert.ok(who, 'the match goes on after round 1');
    await playOne(everyone, who, random, moves);
    assert.ok(moves.length < 1000, 'round 1 ends');
    if (replay(MATCH, moves).round === 2) first = moves.length;
  }
  const second = replay(MATCH, moves);
  assert.ok(second.burnt.flat().length > 0, `a house is burnt in round 2: ${JSON.stringify(second)}`);
  assert.equal(second.rounds_won.reduce((a, b) => a + b, 0), 1, 'one side won round 1');
  for (const p of everyone) {
    await p.page.getByTestId('round').and(p.page.locator('[data-round="2"]')).waitFor();
    await assertShown(p.page, second, 'the start of round 2');
  }
  // A burnt house cannot be played: none of the mover's is enabled (in
  // rounds, seat N plays side N).
  const who = await mover(pages);
  assert.ok(who, 'round 2 is on');
  await who.page.locator('[data-ready="yes"]').waitFor();
  const side = who === ann ? 0 : 1;
  for (const n of second.burnt[side]) {
    assert.equal(await who.page.getByTestId(`house-${side}-${n}`).isDisabled(), true, `burnt house ${side}-${n}`);
  }
  // Three moves into round 2.
  for (let i = 0; i < 3; i++) {
    const next = await mover(pages);
    assert.ok(next, 'round 2 goes on');
    await playOne(everyone, next, random, moves);
  }
  const now = replay(MATCH, moves);
  assert.equal(now.round, 2, 'still round 2');
  await assertShown(cy.page, now, 'round 2, three moves in');

  // The spectator steps back across the round change: the end of round
  // 1 (its last move), then forward to round 2's first move.
  const lookedAt = (/** @type {number} */ k) => cy.page.locator(`[data-testid="replay-ply"][data-ply="${k}"]`).waitFor();
  for (let k = moves.length - 1; k >= first; k--) {
    await cy.page.getByTestId('replay-back').click();
    await lookedAt(k);
  }
  const end = replay(ROUND, moves.slice(0, first));
  assert.equal(end.over, true, 'round 1 is over after its last move');
  assert.deepEqual(await shownCounts(cy.page, 2, HOUSES), { houses: end.houses, stores: end.stores });
  assert.equal(await shownRound(cy.page), 1);
  assert.deepEqual(await shownBurnt(cy.page), [[], []]);
  await cy.page.getByTestId('replay-back').click();
  await lookedAt(first - 1);
  assert.equal(await cy.page.getByTestId('rounds-won').getAttribute('data-won'), '0,0', 'nobody has won a round before round 1 ends');
  await cy.page.getByTestId('replay-forward').click();
  await lookedAt(first);
  await cy.page.getByTestId('replay-forward').click();
  await lookedAt(first + 1);
  await assertShown(cy.page, replay(MATCH, moves.slice(0, first + 1)), 'round 2, its first move, looked back at');
  await cy.page.getByTestId('replay-to-live').click();
  await cy.page.getByTestId('replay-ply').waitFor({ state: 'hidden' });
  await assertShown(cy.page, now, 'back to the match');

  // Ann resigns the match; its page.
  await ann.page.getByTestId('resign').click();
  await ann.page.getByTestId('resign').click();
  await ann.page.getByTestId('result-replay').click();
  await ann.page.waitForURL(/\/g\/[0-9a-f]{32}/);
  const page = ann.page;
  finished = { id: new URL(page.url()).pathname.split('/')[2], moves, first };
  // The steps: the start, round 1's moves, round 2's start, its moves, the resignation.
  const steps = 1 + first + 1 + (moves.length - first) + 1;
  await atStep(page, steps - 1);
  const final = replay(MATCH, moves);
  assert.deepEqual(await shownCounts(page, 2, HOUSES), { houses: final.houses, stores: final.stores }, 'the final position');
  assert.deepEqual(await shownBurnt(page), final.burnt);
  // The move list, by round.
  assert.deepEqual(
    await page.locator('[data-testid="replay-moves"] li.round-head').evaluateAll((els) => els.map((e) => e.getAttribute('data-round'))),
    ['1', '2']);
  assert.deepEqual(
    await page.locator('[data-testid="replay-moves"] li[data-ply]').evaluateAll((els) => els.map((e) => e.getAttribute('data-move'))),
    [...moves, 'resign 0']);
  assert.deepEqual(
    await page.locator('[data-testid="replay-moves"] li[data-ply]').evaluateAll((els) => els.map((e) => e.getAttribute('data-round'))),
    [...moves.map((_, i) => (i < first ? '1' : '2')), '2']);

  // Every step from the start, by the arrow key and the button in turn.
  await page.getByTestId('replay-first').click();
  await atStep(page, 0);
  await assertShown(page, replay(MATCH, []), 'the start');
  for (let k = 1; k < steps; k++) {
    if (k % 2) await page.keyboard.press('ArrowRight');
    else await page.getByTestId('replay-forward').click();
    await atStep(page, k);
    if (k <= first) {
      // Round 1: one round of Dakon, the preset (the round's last move
      // shows its end, before round 2 begins).
      const expected = replay(ROUND, moves.slice(0, k));
      assert.deepEqual(await shownCounts(page, 2, HOUSES), { houses: expected.houses, stores: expected.stores }, `after move ${k}`);
      assert.equal(await shownRound(page), 1);
      assert.deepEqual(await shownBurnt(page), [[], []]);
    } else if (k === first + 1) {
      // Between the rounds: round 2's start, its burnt houses.
      assert.equal(await page.getByTestId('replay-ply').getAttribute('data-round'), '2');
      await assertShown(page, replay(MATCH, moves.slice(0, first)), 'the start of round 2');
    } else if (k < steps - 1) {
      await assertShown(page, replay(MATCH, moves.slice(0, k - 1)), `after move ${k - 1}`);
    } else {
      // Ann's resignation: the board as after the last move; it ends
      // round 2 and the match, won by Bob.
      assert.deepEqual(await shownCounts(page, 2, HOUSES), { houses: final.houses, stores: final.stores }, 'after the resignation');
      assert.equal(await shownRound(page), 2);
      assert.deepEqual(await shownBurnt(page), final.burnt);
      const won = [final.rounds_won[0], final.rounds_won[1] + 1];
      assert.equal(await page.getByTestId('rounds-won').getAttribute('data-won'), won.join(','));
    }
  }
  assert.equal(await page.getByTestId('replay-forward').isDisabled(), true);
  assert.deepEqual(await shownCounts(page, 2, HOUSES), { houses: final.houses, stores: final.stores }, 'the final position');
  // A link to round 2's start opens there.
  const guest = await env.player();
  await guest.page.goto(`${page.url().split('#')[0]}#round-2`);
  await atStep(guest.page, first + 1);
  await assertShown(guest.page, replay(MATCH, moves.slice(0, first)), 'the start of round 2, linked');
  env.assertNoConsoleErrors();
});

test("the engine's chart and verdicts are the round's shown", async () => {
  assert.ok(finished, 'the first test finished a match');
  const { id, moves, first } = finished;
  const p = await env.player();
  await p.page.goto(`${env.server.url}/g/${id}#0`);
  await atStep(p.page, 0);
  await p.page.getByTestId('replay-chart').waitFor({ timeout: 120000 });
  const analysis = await p.page.evaluate(async (game) => (await fetch(`/api/games/${game}/analysis`)).json(), id);
  assert.equal(analysis.status, 'done');
  assert.deepEqual(analysis.rounds.map((/** @type {any} */ r) => [r.round, r.moves.length]), [[1, first], [2, moves.length - first]]);
  /** The chart is round `round`'s, of `points` moves. */
  const chartOf = async (page, round, points) => {
    await page.locator(`[data-testid="replay-chart-round"][data-round="${round}"]`).waitFor();
    assert.equal(await page.getByTestId('replay-chart').getAttribute('data-points'), String(points));
  };
  /** The best move of `review` is marked on the board, when it is a house. */
  const bestShown = async (page, review) => {
    if (/^\d+$/.test(review.best)) await page.locator(`[data-testid="house-${review.side}-${review.best}"][data-best="yes"]`).waitFor();
  };
  await chartOf(p.page, 1, first);
  await bestShown(p.page, analysis.rounds[0].moves[0]);
  await p.page.getByTestId('replay-forward').click();
  await atStep(p.page, 1);
  await p.page.locator(`[data-testid="replay-verdict"][data-verdict="${analysis.rounds[0].moves[0].verdict}"]`).waitFor();
  // Round 2's start: its chart, and the best first move of round 2.
  const q = await env.player();
  await q.page.goto(`${env.server.url}/g/${id}#round-2`);
  await atStep(q.page, first + 1);
  await q.page.getByTestId('replay-chart').waitFor({ timeout: 120000 });
  await chartOf(q.page, 2, moves.length - first);
  await bestShown(q.page, analysis.rounds[1].moves[0]);
  assert.equal(await q.page.getByTestId('replay-verdict').isVisible(), false, 'no verdict at a round\'s start');
  for (let i = 0; i < moves.length - first; i++) {
    await q.page.getByTestId('replay-forward').click();
    await atStep(q.page, first + 2 + i);
    const review = analysis.rounds[1].moves[i];
    assert.equal(review.ply, i + 1);
    await q.page.locator(`[data-testid="replay-verdict"][data-verdict="${review.verdict}"]`).waitFor();
  }
  env.assertNoConsoleErrors();
});
