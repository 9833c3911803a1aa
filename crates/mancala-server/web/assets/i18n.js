// @ts-check
// The page's words: every string a person reads is a message of the
// Fluent catalogs the server serves (`GET /locales/{code}.ftl`, the files
// of crates/mancala-i18n/locales/), formatted by @fluent/bundle in the
// language chosen: plurals by the language's CLDR rules, numbers by
// `Intl.NumberFormat` (Bengali digits in Bengali). The language follows
// the browser (`navigator.languages`) until the person picks one, which
// this device then remembers. A message missing from a catalog is shown
// in English.

import { FluentBundle, FluentResource } from './vendor/fluent-bundle/index.js';
import { negotiateLanguages } from './vendor/fluent-langneg/index.js';

/** localStorage: the language the person picked. */
const KEY = 'mancala.lang';

/** @typedef {{code: string, name: string, dir: 'ltr'|'rtl'}} Language */
/** @typedef {Record<string, import('./vendor/fluent-bundle/index.js').FluentVariable>} Args */
/**
 * A message with its arguments, as the server sends the rules in words:
 * an argument is a number, a word (for a selector), a list of numbers
 * (`{list: [2, 3]}`: "2 or 3"), a list of phrases (each worded, then
 * joined the same way) or another phrase (worded first).
 * @typedef {{id: string, args?: Record<string, PhraseArg>}} Phrase
 * @typedef {number|string|{list: (number|Phrase)[]}|Phrase} PhraseArg
 */

/** @type {Language[]} */
let languages = [{ code: 'en', name: 'English', dir: 'ltr' }];
/** @type {Language} */
let current = languages[0];
/** The bundles to look a message up in: the language's, then English. */
let bundles = /** @type {FluentBundle[]} */ ([]);
/** @type {Set<() => void>} */
const listeners = new Set();

/**
 * Loads the languages and the catalog of the language to speak (the one
 * picked on this device, else the browser's first that the site speaks,
 * else English). Resolves once `t` can word everything.
 */
export async function startWords() {
  try {
    const answer = await fetchJson('/api/languages');
    if (Array.isArray(answer.languages) && answer.languages.length) languages = answer.languages;
  } catch {
    // English alone, from its catalog below.
  }
  await useLanguage(pick());
}

/** The languages the site speaks. */
export function allLanguages() {
  return languages;
}

/** The language spoken now. */
export function language() {
  return current;
}

/**
 * Speaks `code` from now on, on this device too, and tells every
 * listener (the views word themselves again).
 * @param {string} code
 */
export async function setLanguage(code) {
  try {
    localStorage.setItem(KEY, code);
  } catch {
    // A device without storage still switches, for this visit.
  }
  await useLanguage(code);
  for (const listener of listeners) listener();
}

/**
 * Calls `listener` after each change of language.
 * @param {() => void} listener
 * @returns {() => void} what stops it
 */
export function onLanguage(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The language of this device: picked, else negotiated. */
function pick() {
  const codes = languages.map((l) => l.code);
  let stored = null;
  try {
    stored = localStorage.getItem(KEY);
  } catch {
    stored = null;
  }
  if (stored && codes.includes(stored)) return stored;
  const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'en'];
  return negotiateLanguages([...wanted], codes, { strategy: 'lookup', defaultLocale: 'en' })[0] || 'en';
}

/** @param {string} code */
async function useLanguage(code) {
  const chosen = languages.find((l) => l.code === code) || languages[0];
  const codes = chosen.code === 'en' ? ['en'] : [chosen.code, 'en'];
  const loaded = await Promise.all(codes.map(loadBundle));
  bundles = loaded.filter((b) => b !== null);
  current = chosen;
  const root = document.documentElement;
  root.lang = chosen.code;
  root.dir = chosen.dir;
}

/** @param {string} code @returns {Promise<FluentBundle|null>} */
async function loadBundle(code) {
  let text;
  try {
    const response = await fetch(`/locales/${code}.ftl`);
    if (!response.ok) return null;
    text = await response.text();
  } catch {
    return null;
  }
  // No Unicode isolation marks around arguments: names are shown in
  // elements of their own, and tests read the text as people do.
  const bundle = new FluentBundle(code, { useIsolating: false });
  const errors = bundle.addResource(new FluentResource(text));
  for (const e of errors) console.error(`catalog ${code}: ${e.message}`);
  return bundle;
}

/**
 * The message `id` with `args`, in the language spoken (English where
 * it lacks the message). A message no catalog has is shown as its id,
 * and said on the console (which the browser tests watch).
 * @param {string} id
 * @param {Args} [args]
 * @returns {string}
 */
export function t(id, args) {
  for (const bundle of bundles) {
    const message = bundle.getMessage(id);
    if (!message || !message.value) continue;
    /** @type {Error[]} */
    const errors = [];
    const text = bundle.formatPattern(message.value, args || null, errors);
    for (const e of errors) console.error(`message ${id}: ${e.message}`);
    return text;
  }
  console.error(`no message ${id}`);
  return id;
}

/**
 * Whether the catalogs have message `id`.
 * @param {string} id
 */
export function has(id) {
  return bundles.some((b) => b.hasMessage(id));
}

/**
 * `n` in the language's digits and grouping.
 * @param {number} n
 */
export function num(n) {
  return new Intl.NumberFormat(current.code).format(n);
}

/**
 * Numbers as the language says "2, 4 or 6".
 * @param {number[]} numbers
 */
export function orList(numbers) {
  return new Intl.ListFormat(current.code, { type: 'disjunction' }).format(numbers.map(num));
}

/**
 * Texts as the language says "a, b or c".
 * @param {string[]} texts
 */
function orTexts(texts) {
  return new Intl.ListFormat(current.code, { type: 'disjunction' }).format(texts);
}

/**
 * Names as the language says "Ann and Bob".
 * @param {string[]} items
 */
export function andList(items) {
  return new Intl.ListFormat(current.code, { type: 'conjunction' }).format(items);
}

/**
 * A phrase of the server's (the rules in words): its arguments worded
 * first (lists as "2 or 3", nested phrases whole), then the message.
 * @param {Phrase} p
 * @returns {string}
 */
export function phrase(p) {
  /** @type {Args} */
  const args = {};
  for (const [name, value] of Object.entries(p.args || {})) {
    if (typeof value === 'number' || typeof value === 'string') args[name] = value;
    else if (value && 'list' in value) {
      const items = value.list;
      args[name] = items.every((x) => typeof x === 'number')
        ? orList(/** @type {number[]} */ (items))
        : orTexts(items.map((x) => (typeof x === 'number' ? num(x) : phrase(x))));
    }
    else if (value && 'id' in value) args[name] = phrase(value);
  }
  return t(p.id, args);
}

/**
 * The sentences of a topic joined as the language writes a paragraph
 * (Japanese puts no space between sentences).
 * @param {string[]} sentences
 */
export function paragraph(sentences) {
  return sentences.join(current.code === 'ja' ? '' : ' ');
}

/** @param {string} path */
async function fetchJson(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}
