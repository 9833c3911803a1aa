// @ts-check
// Games as the page names them (each preset's name in the language
// spoken, from games.ftl) and the few facts of a rules spec that the page
// draws before a game has a position: players, houses, seeds, direction.

import { has, t } from './i18n.js';

/**
 * The name of preset `slug` in the language spoken ("Kalah", "কালাহ").
 * @param {string} slug
 */
export function gameName(slug) {
  const id = `game-${slug}`;
  return has(id) ? t(id) : slug;
}

/**
 * The one-line summary of preset `slug`.
 * @param {string} slug
 */
export function gameSummary(slug) {
  return t(`game-${slug}-summary`);
}

/**
 * The dimensions of a canonical spec ("players=2,houses=6,...") the page
 * draws with: how many sides and houses, the seeds a house starts with,
 * and the direction of sowing (a clockwise board is drawn mirrored).
 * @param {string} spec
 * @returns {{players: number, houses: number, seeds: number, direction: string}}
 */
export function ruleFacts(spec) {
  /** @type {Record<string, string>} */
  const dims = {};
  for (const part of spec.split(',')) {
    const [key, value] = part.split('=');
    if (key && value !== undefined) dims[key.trim()] = value.trim();
  }
  return {
    players: Number(dims.players) || 2,
    houses: Number(dims.houses) || 6,
    seeds: Number(dims.seeds) || 0,
    direction: dims.direction || 'ccw',
  };
}
