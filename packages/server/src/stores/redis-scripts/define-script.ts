/**
 * One Redis script, defined once: its name, the keys it touches (by their name in the store's key
 * layout, in the order the Lua reads them as `KEYS[n]`), its arguments (`ARGV[n]`), its Lua, the
 * acknowledgement its write needs, and the parser of its reply, together in one record per script,
 * one file per script in this folder (the way node-redis `defineScript` and BullMQ's commands keep
 * them). Redis runs each script whole, with no other command in between, so every operation is
 * atomic across all the endpoint instances that share the server.
 */
import { createHash } from 'node:crypto';
import type { KeyName } from '../redis-keys.js';

/**
 * Which acknowledgement a write needs before it resolves: the primary's answer, or also its
 * replicas' (when the store waits for replicas; otherwise the primary's is all there is).
 */
export type Acknowledgement = 'primary' | 'replicas';

/** What a script is made from, for {@link defineScript}. An input names the viewer whose keys it touches, if it touches a viewer's. */
interface ScriptDefinition<I extends { viewerId?: string }, R> {
  /** What it does, for error messages: the store operation it serves. */
  name: string;
  /** The keys it touches, `KEYS[1]`, `KEYS[2]`...: all of one viewer (one hash slot), or the hints key alone. */
  keys: readonly KeyName[];
  /** Its arguments, `ARGV[1]`, `ARGV[2]`..., from the operation's input. */
  args(input: I): readonly (string | number)[];
  /** The Lua source. */
  lua: string;
  /** The acknowledgement the write needs. */
  ack: Acknowledgement;
  /** Reads the reply; `undefined` for a reply of another shape (the store then rejects, naming the script). */
  parse(reply: unknown): R | undefined;
}

/** A defined script: its definition, and the SHA-1 of its source (for EVALSHA, falling back to EVAL). */
export interface RedisScript<I extends { viewerId?: string }, R> extends ScriptDefinition<I, R> {
  sha: string;
}

/** Defines one script. */
export function defineScript<I extends { viewerId?: string }, R>(definition: ScriptDefinition<I, R>): RedisScript<I, R> {
  return { ...definition, sha: createHash('sha1').update(definition.lua).digest('hex') };
}

/** A reply that is a list of ids; `undefined` otherwise. */
export function idsOf(reply: unknown): string[] | undefined {
  return Array.isArray(reply) ? reply.map((id) => String(id)) : undefined;
}

/** A reply that is one of `words`; `undefined` otherwise. */
export function wordOf<W extends string>(reply: unknown, words: readonly W[]): W | undefined {
  return words.find((candidate) => candidate === String(reply));
}
