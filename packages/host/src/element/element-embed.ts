// The embed `<svc-embed>` owns: made once the element is connected with a `base-url`, made again when
// an attribute changes, destroyed when the element leaves the page; none after its viewer signed out
// (`signed-out`) until it is given a new ledger. The element is the owner: these functions keep their
// state in its `phase`, `viewerLedger` and `cancelReconcile`.
import { reportError } from '@svc-embed/runtime';
import { assembleEmbed } from '../create-embed.js';
import type { Embed } from '../embed.js';
import { DEV } from '../base/dev-mode.js';
import { EmbedError } from '../base/errors.js';
import type { LogoutResult } from '../ledger/logout-result.js';
import { createMintBudget, EMBED_MINT_LIMIT, type MintBudget } from '../ledger/mint-limit.js';
import type { SessionLedger } from '../ledger/session-ledger.js';
import { resolveEmbedContext, type EmbedContext } from '../mount/embed-context.js';
import type { EmbedOptions } from '../mount/embed-options.js';
import { syncUrl } from '../sync-url/sync-url.js';
import { checkElementProperties, optionsFromAttributes, settingsKey, warnStrangeAttributes } from './element-attributes.js';
import { redispatchEvents, reflectState } from './element-events.js';
import { elementCallbacks } from './element-session.js';
import type { SvcEmbedElement } from './svc-embed-types.js';

/**
 * Where the element's embed stands: none yet (`idle`), `live` (with the attributes it was made from,
 * to tell whether a change needs a new one, and its ledger), or `signed-out` after a sign-out of its
 * ledger (kept: the element's `logout()` still signs out through it).
 */
export type EmbedPhase =
  | { name: 'idle' }
  | { name: 'live'; embed: Embed; ledger: SessionLedger; madeFrom: string; unsubscribe: () => void }
  | { name: 'signed-out'; ledger: SessionLedger };

/** The element as the owner of its embed: where the embed stands, the viewer's ledger, the reconcile it waits for. */
export interface EmbedOwner extends SvcEmbedElement {
  /** Where its embed stands. */
  phase: EmbedPhase;
  /** The ledger it was given (`element.ledger`), if any. */
  viewerLedger: SessionLedger | undefined;
  /** Cancels the reconcile scheduled, if one is. */
  cancelReconcile: (() => void) | undefined;
  /**
   * The element's mint budget ({@link EMBED_MINT_LIMIT}), made with its first embed and spent by every
   * embed it makes after: an embed made again (an attribute changed, the element moved) gets no new one.
   */
  mintBudget: MintBudget | undefined;
}

/** The owner's embed, while it has one. */
export function embedOf({ phase }: EmbedOwner): Embed | undefined {
  return phase.name === 'live' ? phase.embed : undefined;
}

/**
 * The owner's embed, to send through.
 * @throws {EmbedError} `destroyed` while the element has none
 */
export function liveEmbed({ phase }: EmbedOwner): Embed {
  if (phase.name === 'signed-out') throw new EmbedError('destroyed', DEV ? '<svc-embed> is signed out: give it a new ledger (element.ledger = createSessionLedger()) to embed again' : ['signed-out']);
  if (phase.name !== 'live') throw new EmbedError('destroyed', DEV ? '<svc-embed> has no embed: it makes one once connected with a base-url' : ['base-url']);
  return phase.embed;
}

/** A new ledger is a new viewer: after a sign-out, the element signs in again. */
export function changeLedger(owner: EmbedOwner, ledger: SessionLedger | undefined): void {
  owner.viewerLedger = ledger;
  if (owner.phase.name === 'signed-out') signIn(owner);
}

/**
 * Signs the viewer out through the element's ledger, also when it is already signed out (another tab,
 * or a sign-out that did not complete: the ledger signs out again); the element stays signed out until
 * it gets a new ledger.
 * @throws {EmbedError} `destroyed` when the element never had an embed and was given no ledger
 */
export function signOutViewer(owner: EmbedOwner): Promise<LogoutResult> {
  const { phase } = owner;
  const ledger = phase.name === 'idle' ? owner.viewerLedger : phase.ledger;
  // Never had an embed, nor a ledger: liveEmbed throws, saying so.
  if (!ledger) return liveEmbed(owner).logout();
  const result = ledger.logout();
  enterSignedOut(owner, ledger);
  return result;
}

/**
 * Brings the embed in line with the element in a task after this one, once: connecting, attributes
 * set while parsing, a move in the DOM (disconnected and connected again) and several attribute
 * changes in one task all come to one decision, so nothing is minted for a state that did not last.
 */
export function scheduleReconcile(owner: EmbedOwner): void {
  if (!owner.isConnected && owner.hasAttribute('keep-alive')) leaving.add(owner);
  if (owner.cancelReconcile) return;
  const win = owner.ownerDocument.defaultView ?? globalThis;
  const timer = win.setTimeout(() => {
    owner.cancelReconcile = undefined;
    leaving.delete(owner);
    reconcile(owner);
  }, 0);
  owner.cancelReconcile = () => win.clearTimeout(timer);
}

/** Makes, keeps or ends the embed as the element now asks; a wrong attribute is reported to the page, and leaves no embed. */
function reconcile(owner: EmbedOwner): void {
  const { phase, baseUrl } = owner;
  if (phase.name === 'signed-out') return;
  if (owner.viewerLedger?.signedOut) return enterSignedOut(owner, owner.viewerLedger);
  const wanted = owner.isConnected && baseUrl ? settingsKey(owner) : undefined;
  if (phase.name === 'live' && phase.madeFrom === wanted) return;
  teardown(owner);
  if (owner.isConnected) warnStrangeAttributes(owner);
  if (!wanted || !baseUrl) return;
  try {
    create(owner, { madeFrom: wanted, baseUrl });
  } catch (error) {
    // A wrong attribute (`invalid-option`): reported to the page as an uncaught error would be; no embed.
    reportError(owner.ownerDocument.defaultView ?? undefined, error);
  }
}

/**
 * Makes `<svc-embed keep-alive>`'s embed kept alive, with the ledger its ids are in: set by
 * `enableKeepAlive()` (element-keep-alive.ts), so that a page that does not call it carries no keep-alive.
 */
export const elementKeeper: { make?: (owner: EmbedOwner, context: EmbedContext) => { embed: Embed; ledger: SessionLedger } } = {};

/**
 * The embed a `keep-alive` element asks for.
 * @throws {EmbedError} `invalid-option` when keep-alive is not enabled, and as {@link elementKeeper}'s
 */
function keptFor(owner: EmbedOwner, context: EmbedContext): { embed: Embed; ledger: SessionLedger } {
  if (!elementKeeper.make) throw new EmbedError('invalid-option', DEV ? '<svc-embed keep-alive> needs enableKeepAlive() from @svc-embed/host/element, or the script file svc-embed-element-keep-alive.min.js' : ['keep-alive']);
  // One that left the page in this task parks first (its reconcile is due), so that this one can adopt it.
  for (const other of leaving) settleNow(other);
  return elementKeeper.make(owner, context);
}

/** `keep-alive` elements out of the page with a reconcile due. */
const leaving = new Set<EmbedOwner>();

/** Runs the reconcile `owner` waits for now, when it is still out of the page. */
function settleNow(owner: EmbedOwner): void {
  leaving.delete(owner);
  if (owner.isConnected || !owner.cancelReconcile) return;
  owner.cancelReconcile();
  owner.cancelReconcile = undefined;
  reconcile(owner);
}

/** Makes the element's embed from its attributes, its session callbacks and its ledger. */
function create(owner: EmbedOwner, made: { madeFrom: string; baseUrl: string }): void {
  checkElementProperties(owner);
  const callbacks = elementCallbacks(owner);
  // The iframe fills the element: give the element its size (it is a block by default).
  if (!owner.style.display) owner.style.display = 'block';
  // Signed by its callbacks, or private by its mode attribute: both, or neither, is invalid-option.
  const session = { mintSessionId: callbacks.mintSessionId, mode: owner.mode ?? undefined };
  // Its own ledger when it was given none, so that a sign-out anywhere (another tab too) signs it out.
  const options = { ...optionsFromAttributes(owner, made.baseUrl), ...session, container: owner, ledger: owner.viewerLedger } as EmbedOptions;
  owner.mintBudget ??= createMintBudget(EMBED_MINT_LIMIT, { option: 'the mint limit of <svc-embed>', whose: 'this element' });
  const context = { ...resolveEmbedContext(options), callbacks, mintBudget: owner.mintBudget };
  const { embed, ledger } = owner.hasAttribute('keep-alive') ? keptFor(owner, context) : { embed: assembleEmbed(context), ledger: context.ledger };
  redispatchEvents(owner, embed);
  reflectState(owner, embed);
  keepUrl(owner, embed);
  owner.phase = { name: 'live', embed, ledger, madeFrom: made.madeFrom, unsubscribe: ledger.onLogout(() => enterSignedOut(owner, ledger)) };
}

/** With `sync-url`, keeps the embed's place in the page URL; a parameter another embed uses leaves no embed. */
function keepUrl(element: SvcEmbedElement, embed: Embed): void {
  const param = element.syncUrl;
  if (param === null) return;
  try {
    syncUrl(embed, { param });
  } catch (error) {
    embed.destroy();
    throw error;
  }
}

/** Signed out of `ledger`: no embed until a new ledger comes. */
function enterSignedOut(owner: EmbedOwner, ledger: SessionLedger): void {
  teardown(owner);
  owner.phase = { name: 'signed-out', ledger };
  owner.toggleAttribute('data-signed-out', true);
}

/** Signed in again (a new ledger): an embed once the element asks for one. */
function signIn(owner: EmbedOwner): void {
  owner.phase = { name: 'idle' };
  owner.removeAttribute('data-signed-out');
  scheduleReconcile(owner);
}

/** No embed: the live one is destroyed (its iframe removed) and its `state` attribute goes. */
function teardown(owner: EmbedOwner): void {
  const { phase } = owner;
  if (phase.name === 'live') {
    phase.unsubscribe();
    phase.embed.destroy();
    owner.removeAttribute('state');
    owner.removeAttribute('error-code');
  }
  owner.phase = { name: 'idle' };
}
