import type { ColorScheme } from '@svc-embed/protocol';
import type { Scope } from './scope.js';

/** A scheme the host may ask for: `light`, `dark`, or `auto` (follow the OS preference). */
export type { ColorScheme };

/** What the surface actually shows. */
export type ResolvedColorScheme = Exclude<ColorScheme, 'auto'>;

const PREFERS_DARK = '(prefers-color-scheme: dark)';

/**
 * Calls `apply` with the resolved scheme now and, for `auto`, again on each change of the OS
 * preference (`prefers-color-scheme`). Returns the function that stops following.
 */
export function watchColorScheme(
  win: Window,
  scope: Scope,
  scheme: ColorScheme,
  apply: (scheme: ResolvedColorScheme) => void,
): () => void {
  const query = scheme === 'auto' ? win.matchMedia?.(PREFERS_DARK) : undefined;
  const update = () => apply(scheme === 'auto' ? (query?.matches ? 'dark' : 'light') : scheme);
  update();
  return query ? scope.listen(query, 'change', update) : () => {};
}
