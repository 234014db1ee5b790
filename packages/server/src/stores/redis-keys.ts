/**
 * The Redis store's key layout. Every key of one viewer carries the viewer's id as one hash tag
 * (`<prefix>{<viewerId>}:<part>`), so all of them sit in one hash slot and every script, which
 * touches one viewer's keys only, runs on one node of a Redis Cluster. `{`, `}` and `%` in a
 * viewer's id are percent-encoded, so the tag is always the whole id and never empty. The index of
 * viewers with pending ids (the hints) is one key of its own, never touched by a viewer's script.
 */
import { EndpointError } from '../errors.js';

/** The keys of one viewer. */
interface ViewerKeys {
  /** Sorted set: every id of the ledger (live or pending), scored by its expiry (the store's clock). */
  ids: string;
  /** Sorted set: the pending ids (claimed for revocation), scored by the end of their lease or backoff (held until then, due after). */
  pending: string;
  /** Hash: how many revocations of each pending id failed (its backoff grows with it). */
  failures: string;
  /** Sorted set: the pending ids, scored by the moment each became pending (the store's clock), for the backlog's oldest age. */
  since: string;
  /** Hash: the mint counters (`start`, `current`, `previous`, `window`). */
  mints: string;
  /** String: the sign-out moment, a count of the viewer's sign-outs. */
  signOuts: string;
}

/** The viewer's id as it stands in the hash tag: `%`, `{` and `}` percent-encoded. */
function viewerTag(viewerId: string): string {
  return viewerId.replace(/[%{}]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The keys of `viewerId` under `prefix`. */
export function viewerKeys(prefix: string, viewerId: string): ViewerKeys {
  const base = `${prefix}{${viewerTag(viewerId)}}:`;
  return {
    ids: `${base}ids`,
    pending: `${base}pending`,
    failures: `${base}failures`,
    since: `${base}since`,
    mints: `${base}mints`,
    signOuts: `${base}signouts`,
  };
}

/** The hash of viewers who may have pending ids (viewer id -> the hint's token). */
export const hintsKey = (prefix: string): string => `${prefix}pending`;

/** The ledger's horizon: since when the ledger is whole, epoch ms on Redis' clock; no expiry. */
const horizonKey = (prefix: string): string => `${prefix}horizon`;

/** A key a script names: one of a viewer's, the hints index, or the horizon. */
export type KeyName = keyof ViewerKeys | 'hints' | 'horizon';

/** The key `name` of `viewerId` under `prefix` (the hints and the horizon are every viewer's). */
export function keyOf(prefix: string, viewerId: string, name: KeyName): string {
  if (name === 'hints') return hintsKey(prefix);
  if (name === 'horizon') return horizonKey(prefix);
  return viewerKeys(prefix, viewerId)[name];
}

/**
 * Checks a key prefix: a brace would become the hash tag of every key and put every viewer in one
 * slot.
 * @throws {EndpointError} `invalid-options`
 */
export function checkPrefix(prefix: unknown): string {
  if (typeof prefix !== 'string' || /[{}]/.test(prefix)) {
    throw new EndpointError('invalid-options', `the Redis store's prefix must be a string without { or } (got ${JSON.stringify(prefix)}); the store puts each viewer's id in braces itself`);
  }
  return prefix;
}
