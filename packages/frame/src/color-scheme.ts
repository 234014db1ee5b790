import type { ColorScheme } from '@svc-embed/protocol';
import type { Scope } from '@svc-embed/runtime';
import type { ResolvedColorScheme } from './frame.js';

const PREFERS_DARK = '(prefers-color-scheme: dark)';

/** Options of {@link watchColorScheme}. */
interface ColorSchemeWatch {
  /** The frame's window, whose `matchMedia` answers for `auto`. */
  window: Window;
  /** The frame's scope: the media-query listener is released with it. */
  scope: Scope;
  /** The scheme the host asked for. */
  scheme: ColorScheme;
  /** Shows `light` or `dark`. */
  apply: (scheme: ResolvedColorScheme) => void;
}

/**
 * Calls `apply` with the resolved scheme now and, for `auto`, again on each change of the OS
 * preference (`prefers-color-scheme`). Returns the function that stops following.
 */
export function watchColorScheme(options: ColorSchemeWatch): () => void {
  const { window: win, scope, scheme, apply } = options;
  const query = scheme === 'auto' ? win.matchMedia?.(PREFERS_DARK) : undefined;
  const update = () => {
    if (scheme !== 'auto') apply(scheme);
    else apply(query?.matches ? 'dark' : 'light');
  };
  update();
  return query ? scope.listen(query, 'change', update) : () => {};
}
