// h('button', { class: 'x', onclick }, 'text', child): a small element helper.

/**
 * @param {string} tag
 * @param {Record<string, any>} [attributes]
 * @param {...(Node | string | number | null | undefined | false)} children
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') element.addEventListener(key.slice(2), value);
    else element.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) element.append(child instanceof Node ? child : String(child));
  return element;
}
