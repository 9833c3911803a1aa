// The page in each language it speaks, as a family would open it: the
// browser's language picks it, a whole game is played by clicking, no
// English is left on the page (every word of the English catalog is
// looked for), Bengali uses the seed's own terms, Bengali counts are in
// Bengali digits, and a language picked in the menu is kept on reload.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { hostAndGuest, mover, replay, rng, screenshot, testEnvironment } from './harness.js';

const env = testEnvironment({ playerDefaults: { reducedMotion: 'reduce' } });
const LOCALES = join(dirname(fileURLToPath(import.meta.url)), '..', 'crates', 'mancala-i18n', 'locales');

/**
 * The words of the English catalog's texts (not its ids, arguments or
 * selector keys): what must not be seen on a page in another language.
 */
function englishWords() {
  const words = new Set();
  for (const file of ['site.ftl', 'board.ftl', 'errors.ftl', 'games.ftl', 'rules.ftl', 'lore.ftl']) {
    let text;
    try {
      text = readFileSync(join(LOCALES, 'en', file), 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n')) {
      if (/^\s*#/.test(line)) continue;
      // A message's value, or a variant's: the text after `=` or `]`.
      const value = line.replace(/^[a-z][a-z0-9-]*\s*=/, '').replace(/^\s*\*?\[[^\]]*\]/, '');
      const plain = value.replace(/\{[^}]*\}/g, ' ');
      for (const w of plain.match(/[A-Za-z]{3,}/g) || []) words.add(w.toLowerCase());
    }
  }
  // Proper names every language writes alike would be no English: none
  // are expected, so nothing is allowed.
  return words;
}

const ENGLISH = englishWords();

/**
 * The English words on `page` now (its visible text, its accessible
 * names and titles): empty on a page in another language.
 * @param {import('playwright-core').Page} page
 */
async function englishOn(page) {
  const text = await page.evaluate(() => {
    const parts = [document.body.innerText, document.title];
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      for (const name of ['aria-label', 'title', 'alt']) {
        const v = el.getAttribute(name);
        if (v) parts.push(v);
      }
    }
    return parts.join('\n');
  });
  const found = new Set();
  for (const w of text.match(/[A-Za-z]{3,}/g) || []) {
    // The language menu names English in English, as every site does.
    if (w === 'English') continue;
    if (ENGLISH.has(w.toLowerCase())) found.add(w);
  }
  return [...found];
}

/**
 * @param {import('playwright-core').Page} page
 * @param {string} where
 */
async function assertNoEnglish(page, where) {
  assert.deepEqual(await englishOn(page), [], `English words on ${where}`);
}

/** Sets the player's name on a fresh device (names are theirs, in their script). */
async function named(p, url, name) {
  await p.page.goto(url);
  await p.page.getByTestId('name').fill(name);
  await p.page.getByTestId('rename').click();
  await p.page.waitForFunction((n) => document.getElementById('who')?.textContent === n, name);
}

const LANGUAGES = [
  { code: 'bn', locale: 'bn-BD', names: ['অনু', 'বাবলু'], digits: /^[০-৯]+$/ },
  { code: 'hi', locale: 'hi-IN', names: ['अनु', 'बबलू'], digits: /^[0-9]+$/ },
  { code: 'ja', locale: 'ja-JP', names: ['あん', 'ぼぶ'], digits: /^[0-9]+$/ },
];

for (const lang of LANGUAGES) {
  test(`${lang.code}: a whole game by clicking, with no English on the page`, async () => {
    const ann = await env.player({ locale: lang.locale });
    const bob = await env.player({ locale: lang.locale });
    await named(ann, env.server.url, lang.names[0]);
    await named(bob, env.server.url, lang.names[1]);
    assert.equal(await ann.page.evaluate(() => document.documentElement.lang), lang.code);
    await ann.page.getByTestId('create-room').waitFor();
    await assertNoEnglish(ann.page, 'the home page');
    await ann.page.goto(`${env.server.url}/rules/kalah`);
    await ann.page.locator('main h1').waitFor();
    await assertNoEnglish(ann.page, 'the rules of Kalah');
    await hostAndGuest(env.server.url, ann, bob);
    await assertNoEnglish(ann.page, 'a room');
    await ann.page.getByTestId('how-to').locator('summary').click();
    await ann.page.getByTestId('how-to').locator('dd').first().waitFor();
    await assertNoEnglish(ann.page, 'a room with its rules open');
    await ann.page.getByTestId('start-game').click();
    const pages = [ann, bob];
    const random = rng(lang.code.charCodeAt(0));
    const moves = [];
    let checked = false;
    for (let who = await mover(pages); who; who = await mover(pages)) {
      await who.page.locator('[data-ready="yes"]').waitFor();
      const houses = who.page.locator('[data-testid^="house-"]:enabled');
      const house = houses.nth(Math.floor(random() * (await houses.count())));
      await house.hover();
      moves.push((await house.getAttribute('data-testid')).split('-')[2]);
      await house.click();
      for (const p of pages) await p.page.locator('[data-testid="moves"] li').nth(moves.length - 1).waitFor();
      if (!checked) {
        // Mid-game, after a move was said: the board, the seats, the moves.
        await assertNoEnglish(ann.page, 'a game in progress');
        await assertNoEnglish(bob.page, 'a game in progress (the other player)');
        const count = await ann.page.getByTestId('house-0-1').textContent();
        assert.match(count.trim(), lang.digits, `a count in ${lang.code}'s digits`);
        await screenshot(ann.page, `game-${lang.code}.png`);
        checked = true;
      }
      assert.ok(moves.length < 400, 'the game ends');
    }
    const reference = replay('kalah', moves);
    assert.equal(reference.over, true);
    for (const p of pages) {
      await p.page.getByTestId('result').waitFor();
      await assertNoEnglish(p.page, 'the result');
    }
    env.assertNoConsoleErrors();
  });
}

test('Bengali says the rules in the seed\'s own terms', async () => {
  const you = await env.player({ locale: 'bn-BD' });
  await you.page.goto(`${env.server.url}/rules/kalah`);
  await you.page.locator('main h1').waitFor();
  const text = await you.page.locator('main').innerText();
  // The seed's glossary (পরিভাষা): house, store, stone, to sow one by one,
  // extra turn, taking stones, the corresponding house.
  for (const term of ['গর্ত', 'শেষের গর্ত', 'পাথর', 'একটি করে', 'আবার পালা', 'পাথর নেওয়া', 'সংশ্লিষ্ট গর্ত']) {
    assert.ok(text.includes(term), `the rules of Kalah say ${term}`);
  }
  env.assertNoConsoleErrors();
});

test('a language picked in the menu is kept on reload and on every page', async () => {
  const you = await env.player({ locale: 'en-US' });
  // A name is the person's, written as they write it (an English page
  // gives a first name in English).
  await named(you, env.server.url, 'Anu');
  await you.page.getByTestId('create-room').waitFor();
  assert.equal(await you.page.evaluate(() => document.documentElement.lang), 'en');
  await you.page.getByTestId('language').selectOption('hi');
  await you.page.waitForFunction(() => document.documentElement.lang === 'hi');
  await assertNoEnglish(you.page, 'the home page after picking Hindi');
  await you.page.reload();
  await you.page.getByTestId('create-room').waitFor();
  assert.equal(await you.page.evaluate(() => document.documentElement.lang), 'hi');
  await assertNoEnglish(you.page, 'the home page reloaded');
  // In a room, the menu is there too and the room is worded again at once.
  await you.page.getByTestId('create-room').click();
  await you.page.locator('.seat[data-mine="yes"]').waitFor();
  await you.page.getByTestId('language').selectOption('ja');
  await you.page.waitForFunction(() => document.documentElement.lang === 'ja');
  await you.page.locator('.seat[data-mine="yes"]').waitFor();
  await assertNoEnglish(you.page, 'a room after picking Japanese');
  await you.page.goto(`${env.server.url}/rules/oware`);
  await you.page.locator('main h1').waitFor();
  assert.equal(await you.page.evaluate(() => document.documentElement.lang), 'ja');
  env.assertNoConsoleErrors();
});
