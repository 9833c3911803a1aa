// @ts-check
/** @typedef {Node|string|number|null|undefined|false} Leaf */
/** @typedef {Leaf|Leaf[]} Child */

// Building DOM nodes. Every piece of text goes through textContent (or
// a text node): names and other user text are data, never markup, so
// nothing here ever parses text as HTML.

/**
 * An element: `h('button', {class: 'x', dataset: {testid: 'y'}, onclick}, 'text', child)`.
 * Attributes whose value is false, null or undefined are left out; keys
 * starting with "on" are event listeners.
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {...Child} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (key === 'dataset') {
      for (const [name, data] of Object.entries(value)) {
        if (data !== undefined && data !== null) el.dataset[name] = String(data);
      }
    } else if (key.startsWith('on') && typeof value === 'function') {
      el.addEventListener(key.slice(2), value);
    } else if (key === 'value') {
      /** @type {HTMLInputElement} */ (el).value = String(value);
    } else {
      el.setAttribute(key, value === true ? '' : String(value));
    }
  }
  append(el, children);
  return el;
}

/**
 * Appends children (nodes or text) to `el`.
 * @param {Element} el
 * @param {Child[]} children
 */
export function append(el, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

/**
 * Replaces the children of `el`.
 * @param {Element} el
 * @param {...Child} children
 */
export function replace(el, ...children) {
  el.replaceChildren();
  append(el, children);
}

/**
 * Says `text` in a polite live region (and shows it): the current view's
 * own (`data-announce`, next to the board in a room), else the page's.
 */
export function say(text) {
  const status = document.querySelector('main [data-announce]') || document.getElementById('status');
  if (status) status.textContent = text;
}

/** Whether the person asked for less motion. */
export function reducedMotion() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
