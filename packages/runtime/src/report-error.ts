/**
 * Hands an error thrown by user code (a listener) to the page, as a DOM listener's error would be:
 * `window.reportError`, else `console.error`. Never throws.
 */
export function reportError(win: Pick<Window, 'reportError'> | undefined, error: unknown): void {
  if (typeof win?.reportError === 'function') win.reportError(error);
  else console.error(error);
}
