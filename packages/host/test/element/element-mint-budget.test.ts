/**
 * @vitest-environment happy-dom
 * @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
 */
// <svc-embed>'s mint budget is the element's (issue 29): every embed it makes spends from one
// budget, so an element recreated by its attributes cannot mint past the per-embed limit (30 an
// hour). Before, each new embed had a budget of its own, and with no `ledger` a ledger of its own
// too: 130 attribute toggles gave 131 mints.
import { afterEach, expect, it, vi } from 'vitest';
import { createSessionLedger } from '../../src/index.js';
import { EMBED_MINT_LIMIT } from '../../src/ledger/mint-limit.js';
import { makeElement, tick } from '../support/element.js';

/** An element of a fresh name, counting its mints. */
function mintingElement() {
  const element = makeElement();
  let minted = 0;
  const mint = vi.fn(() => `s${++minted}`);
  element.mintSessionId = mint;
  element.revokeSessionId = () => {};
  return { element, mint };
}

afterEach(async () => {
  document.body.replaceChildren();
  await tick();
  vi.unstubAllGlobals();
});

it.each([
  ['without a ledger', () => undefined],
  ['with a shared ledger', () => createSessionLedger({ mintLimit: { ids: 10_000, windowMs: 3_600_000 } })],
])('130 attribute toggles recreate the embed 130 times but mint no more than the per-embed limit (%s)', async (_name, ledger) => {
  const reported: unknown[] = [];
  vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
  const { element, mint } = mintingElement();
  element.ledger = ledger();
  document.body.append(element);
  await tick();
  expect(mint).toHaveBeenCalledTimes(1);
  const embeds = new Set([element.embed]);
  for (let toggle = 0; toggle < 130; toggle++) {
    element.toggleAttribute('allow-export');
    await tick();
    embeds.add(element.embed);
  }
  expect(embeds.size).toBe(131);
  expect(mint).toHaveBeenCalledTimes(EMBED_MINT_LIMIT.ids);
  // Past the budget the embed is refused with mint-limit, naming the element.
  await expect(element.embed?.ready).rejects.toMatchObject({ code: 'mint-limit', message: expect.stringContaining('this element') });
  expect(element.getAttribute('state')).toBe('failed');
});
