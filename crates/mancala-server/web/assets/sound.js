// @ts-check
// The board's sounds, made with the Web Audio API (no files to load): a
// soft wooden click for each seed sown, a clatter for a capture, two
// rising notes for an extra turn. A switch in the header turns them on
// or off, and this device remembers it. Nothing plays before the person
// has touched the page (browsers refuse it anyway): the audio starts in
// their first pointer or key press.

import { h } from './dom.js';
import { t } from './i18n.js';

/** localStorage: "off" when the person turned the sound off. */
const KEY = 'mancala.sound';

/** @type {AudioContext|null} */
let audio = null;
/** When the last click started (clicks closer than this merge). */
let lastClick = 0;
/** Each click a little higher or lower than the one before, as stones are. */
let clicks = 0;

/** Whether the sound is on (the default) on this device. */
export function soundOn() {
  try {
    return localStorage.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

/**
 * Turns the sound on or off, on this device from now on.
 * @param {boolean} on
 */
export function setSound(on) {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // A device without storage still switches, for this visit.
  }
  if (on) start();
}

/** Starts the audio, inside a person's gesture (the browser allows it then). */
function start() {
  if (!soundOn()) return;
  const Context = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
  if (!Context) return;
  try {
    if (!audio) audio = new Context();
    if (audio.state === 'suspended') audio.resume().catch(() => {});
  } catch {
    audio = null;
  }
}

for (const name of ['pointerdown', 'keydown']) {
  document.addEventListener(name, start, { capture: true, passive: true });
}

/**
 * Plays `kind` if the sound is on and the person has touched the page.
 * @param {'seed'|'capture'|'extra'} kind
 */
export function playSound(kind) {
  if (!audio || audio.state !== 'running' || !soundOn()) return;
  const now = audio.currentTime;
  if (kind === 'seed') {
    if (now - lastClick < 0.025) return;
    lastClick = now;
    clicks += 1;
    tone(audio, now, 1250 + ((clicks * 7) % 5) * 70, 0.05, 0.12, 'sine');
  } else if (kind === 'capture') {
    for (const [i, f] of [520, 430, 610, 380].entries()) tone(audio, now + i * 0.045, f, 0.07, 0.16, 'triangle');
  } else {
    tone(audio, now, 660, 0.12, 0.1, 'triangle');
    tone(audio, now + 0.11, 990, 0.16, 0.1, 'triangle');
  }
}

/**
 * One short note: a pitch that falls a little as it fades, like wood
 * struck.
 * @param {AudioContext} ctx
 * @param {number} at seconds, on the context's clock
 * @param {number} frequency hertz
 * @param {number} length seconds
 * @param {number} volume 0 to 1
 * @param {OscillatorType} wave
 */
function tone(ctx, at, frequency, length, volume, wave) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = wave;
  osc.frequency.setValueAtTime(frequency, at);
  osc.frequency.exponentialRampToValueAtTime(frequency * 0.6, at + length);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(volume, at + 0.004);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

/**
 * The header's sound switch: a toggle button (`aria-pressed` true while
 * the sound is on) named by board.ftl's `board-sound`.
 */
export function soundSwitch() {
  const button = h('button', {
    type: 'button', class: 'sound', dataset: { testid: 'sound' }, 'aria-pressed': String(soundOn()),
  });
  const draw = () => {
    const on = soundOn();
    button.setAttribute('aria-pressed', String(on));
    button.replaceChildren(speaker(on), h('span', { class: 'sound-word' }, t('board-sound')));
  };
  button.addEventListener('click', () => {
    setSound(!soundOn());
    draw();
  });
  draw();
  return button;
}

/**
 * A speaker, with sound waves when `on`, struck through when not
 * (decorative: the button's word names it).
 * @param {boolean} on
 */
function speaker(on) {
  const NS = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'icon');
  const paths = ['M4 9h4l5-4v14l-5-4H4z'];
  paths.push(on ? 'M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12' : 'M16 9l6 6M22 9l-6 6');
  for (const d of paths) {
    const path = document.createElementNS(NS, 'path');
    path.setAttribute('d', d);
    svg.append(path);
  }
  return svg;
}
