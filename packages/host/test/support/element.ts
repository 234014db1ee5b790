// <svc-embed> in tests: an element of a fresh name each time (so each test defines its own class),
// and the next task, in which an element reconciles.
import { defineSvcEmbedElement, type SvcEmbedElement } from '../../src/element.js';
import { TENANT } from './values.js';

let count = 0;
/** A new, unconnected `<svc-embed>` of a fresh name for `TENANT` and dashboard `d-42`, with `attributes` set over those. */
export function makeElement(attributes: Record<string, string> = {}): SvcEmbedElement {
  const name = `svc-embed-test-${++count}`;
  defineSvcEmbedElement(customElements, name);
  const element = document.createElement(name) as SvcEmbedElement;
  for (const [key, value] of Object.entries({ 'base-url': TENANT, 'public-id': 'd-42', ...attributes })) element.setAttribute(key, value);
  return element;
}

/** The next task: the element reconciles in one, and its embed mints a microtask later. */
export const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
