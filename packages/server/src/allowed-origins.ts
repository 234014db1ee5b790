import { EndpointError } from './errors.js';

/** An example origin for the messages. */
const EXAMPLE = 'https://app.example';

/** A scheme, then `//`: what an origin starts with. */
const SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;

/** The origin `text` gives when it parses as a URL, else undefined (an opaque origin counts as none). */
function originOf(text: string): string | undefined {
  const origin = URL.canParse(text) ? new URL(text).origin : 'null';
  return origin === 'null' ? undefined : origin;
}

/**
 * What is wrong with one entry of `allowedOrigins` and what to write instead, or undefined when it is
 * an exact origin (scheme, host and port, as the browser sends it in `Origin`).
 */
function problemWith(entry: unknown): string | undefined {
  if (typeof entry !== 'string') return `each entry is an origin as a string, such as '${EXAMPLE}' (got ${JSON.stringify(entry)})`;
  if (entry.includes('*')) {
    const listed = originOf(entry.replace(/\*/g, 'app')) ?? EXAMPLE;
    return `no wildcards (got '${entry}'): list every origin of your pages, such as '${listed}'`;
  }
  if (entry === 'null') return `the 'null' origin (sandboxed frames, local files) cannot be allowed: list your pages' origins, such as '${EXAMPLE}'`;
  if (!SCHEME.test(entry)) return `each entry starts with its scheme: write '${originOf(`https://${entry}`) ?? EXAMPLE}' (got '${entry}')`;
  const origin = originOf(entry);
  if (origin === undefined || !/^https?:/.test(origin)) return `each entry is an http or https origin, such as '${EXAMPLE}' (got '${entry}')`;
  if (origin !== entry) return `write '${origin}': an origin has no path, query or trailing slash (got '${entry}')`;
  return undefined;
}

/**
 * Checks `allowedOrigins`: a non-empty list of exact origins, as browsers send them in `Origin`.
 * A wildcard, a path, a trailing slash, a missing scheme or any other spelling would never equal an
 * `Origin` header, and every request would answer 403: refused here, saying what to write.
 * @throws {EndpointError} `invalid-options`
 */
export function checkAllowedOrigins(origins: unknown): ReadonlySet<string> {
  if (!Array.isArray(origins) || origins.length === 0) {
    throw new EndpointError('invalid-options', `allowedOrigins must list the origins of the pages that call the endpoint, such as ['${EXAMPLE}']`);
  }
  for (const entry of origins) {
    const problem = problemWith(entry);
    if (problem) throw new EndpointError('invalid-options', `allowedOrigins takes exact origins (scheme, host and port): ${problem}`);
  }
  return new Set(origins as string[]);
}
