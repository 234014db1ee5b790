/**
 * Where a policy without `name` looks instead (Content Security Policy Level 3): `frame-src` to
 * `child-src`, then every directive to `default-src`.
 */
const fallbacksOf = (name: string): readonly string[] => (name === 'frame-src' ? ['child-src', 'default-src'] : ['default-src']);

/** The sources of a directive with `more` added, each once; `'none'` goes, since something is now allowed. */
function withSources(sources: readonly string[], more: readonly string[]): string[] {
  const merged = sources.filter((source) => source !== "'none'");
  for (const source of more) if (!merged.includes(source)) merged.push(source);
  return merged;
}

/**
 * Checks one source to add: a source is one word of a directive, so `;` (which ends the directive),
 * `,` (which starts another policy) and whitespace (which starts another source) have no place in it.
 * @throws {TypeError} naming the directive and the source, and what to write instead
 */
function checkSource(name: string, source: unknown): void {
  if (typeof source === 'string' && source !== '' && !/[;,\s]/.test(source)) return;
  throw new TypeError(
    `mergeCsp: the source ${JSON.stringify(source)} of ${name} is not one CSP source: give each source as its own non-empty string without ';', ',' or spaces, such as { '${name}': ['https://tenant.example', "'self'"] }`,
  );
}

/**
 * Adds sources to a `Content-Security-Policy` value, so that a page keeps its own policy and allows
 * what the SDK needs: pass `requiredCsp(...).directives` from `@svc-embed/host` (for example
 * `{ 'frame-src': ['https://tenant.example'], 'connect-src': ["'self'"] }`). A directive the policy has
 * gets the missing sources (and loses `'none'`). One it lacks is added only when the policy restricts
 * it through a fallback (`child-src`, `default-src`), starting from the fallback's sources so that
 * nothing the page allowed before is refused now; where nothing restricts it, it is allowed already
 * and nothing is added. Directive names are matched without regard to case; the rest of the policy is
 * kept as written.
 * @throws {TypeError} for a source to add that holds `;`, `,` or whitespace, or is empty: it would
 *   write a directive (or a policy) of its own
 * @example
 * mergeCsp("default-src 'self'; frame-src 'none'", { 'frame-src': ['https://tenant.example'], 'connect-src': ["'self'"] })
 * // "default-src 'self'; frame-src https://tenant.example"
 */
export function mergeCsp(policy: string, directives: Readonly<Record<string, readonly string[]>>): string {
  /** The policy's directives by name (lower case), each with its sources, in their order. */
  const entries = new Map<string, readonly string[]>();
  for (const part of policy.split(';')) {
    const words = part.trim().split(/\s+/);
    const name = words.shift()?.toLowerCase();
    if (name) entries.set(name, words);
  }
  for (const name of Object.keys(directives)) {
    for (const source of directives[name] ?? []) checkSource(name, source);
    const fallback = fallbacksOf(name).map((other) => entries.get(other)).find((sources) => sources !== undefined);
    const base = entries.get(name) ?? fallback;
    if (base) entries.set(name, withSources(base, directives[name] ?? []));
  }
  const written: string[] = [];
  entries.forEach((sources, name) => written.push([name, ...sources].join(' ')));
  return written.join('; ');
}
