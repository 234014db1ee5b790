/** The edit distance of `a` and `b` (insertions, deletions, substitutions), case-insensitive. */
function distance(a: string, b: string): number {
  const [from, to] = [a.toLowerCase(), b.toLowerCase()];
  let row = Array.from({ length: to.length + 1 }, (_, index) => index);
  for (let i = 1; i <= from.length; i++) {
    const next = [i];
    for (let j = 1; j <= to.length; j++) next[j] = Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, (row[j - 1] ?? 0) + (from[i - 1] === to[j - 1] ? 0 : 1));
    row = next;
  }
  return row[to.length] ?? 0;
}

/**
 * The name of `known` that `name` is most likely a typo of: the nearest, at most a quarter of its
 * length away (at least 1: `sessionEndPoint` and `session-endpont` find theirs, `lang` does not
 * find `lazy`); undefined when none is that near.
 */
export function closestName(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(name.length / 4)) + 1;
  for (const candidate of known) {
    const away = distance(name, candidate);
    if (away < bestDistance) {
      best = candidate;
      bestDistance = away;
    }
  }
  return best;
}
