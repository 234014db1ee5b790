// The sign-out moment at the endpoint on the memory store (no Redis: the fast tier guards it): a mint
// that started before a sign-out and ends after it is refused (409 signed-out, its id revoked, never
// handed out), however long it took within the session lifetime; a mint that starts after the
// sign-out is served; another viewer's sign-out does not touch it. The mint waits for the test.
import { describe, expect, it } from 'vitest';
import { browserRequest, json, makeEndpoint, PATH } from '../support/endpoint-fixture.js';

const LIFETIME_MS = 60 * 60_000;

/** An endpoint whose mint, once `holdNext` is set, waits until `finishMint()`. */
function endpointWithSlowMint() {
  const held: (() => void)[] = [];
  let holdNext = false;
  let minted = 0;
  const made = makeEndpoint({
    limits: { sessionLifetimeMs: LIFETIME_MS },
    mint: async (viewer) => {
      minted += 1;
      const id = `ses_${viewer.id}_${minted}`;
      if (holdNext) {
        holdNext = false;
        await new Promise<void>((resolve) => held.push(resolve));
      }
      return id;
    },
  });
  const mint = (viewer = 'ada') => made.endpoint.fetch(browserRequest('POST', PATH, { viewer }));
  /** Starts a mint that waits in the service; resolves once the service holds it, with its answer to come. */
  const startHeldMint = async (viewer = 'ada') => {
    holdNext = true;
    const answer = mint(viewer);
    await expect.poll(() => held.length).toBe(1);
    return { answer };
  };
  const finishMint = () => held.splice(0).forEach((resolve) => resolve());
  return { ...made, mint, startHeldMint, finishMint };
}

describe('a mint in flight across a sign-out (memory store)', () => {
  it('is refused 409 signed-out and its id revoked at once, never handed out; the next mint is served', async () => {
    const { endpoint, service, mint, startHeldMint, finishMint } = endpointWithSlowMint();
    const first = (await json(await mint())).sessionId;
    const { answer: inFlight } = await startHeldMint();
    expect(await endpoint.logoutViewer('ada')).toEqual({ revoked: [first], failed: [], pending: [], complete: true });
    finishMint();
    const late = await inFlight;
    expect(late.status, 'a mint that ended after the sign-out was handed out').toBe(409);
    const body = await json(late);
    expect(body.error.code).toBe('signed-out');
    expect(JSON.stringify(body)).not.toContain('ses_ada_2');
    expect(service.revoked).toEqual([first, 'ses_ada_2']);
    expect((await mint()).status).toBe(200);
    expect(service.revoked).not.toContain('ses_ada_3');
  });

  it('is refused however long it took within the session lifetime: the moment is remembered that long', async () => {
    const { endpoint, clock, service, startHeldMint, finishMint } = endpointWithSlowMint();
    const { answer: inFlight } = await startHeldMint();
    await endpoint.logoutViewer('ada');
    clock.advance(LIFETIME_MS - 1);
    finishMint();
    expect((await inFlight).status, 'the sign-out moment was forgotten before the session lifetime had passed').toBe(409);
    expect(service.revoked).toEqual(['ses_ada_1']);
  });

  it('through POST <path>/logout too, and a second sign-out moves the moment on again', async () => {
    const { endpoint, service, startHeldMint, finishMint, mint } = endpointWithSlowMint();
    expect((await endpoint.fetch(browserRequest('POST', `${PATH}/logout`, { viewer: 'ada' }))).status).toBe(200);
    expect((await mint()).status).toBe(200);
    const { answer: inFlight } = await startHeldMint();
    expect((await endpoint.fetch(browserRequest('POST', `${PATH}/logout`, { viewer: 'ada' }))).status).toBe(200);
    finishMint();
    expect((await inFlight).status).toBe(409);
    expect(service.revoked).toEqual(['ses_ada_1', 'ses_ada_2']);
  });

  it("is served when another viewer signs out meanwhile", async () => {
    const { endpoint, service, startHeldMint, finishMint } = endpointWithSlowMint();
    const { answer: inFlight } = await startHeldMint('ada');
    await endpoint.logoutViewer('bob');
    finishMint();
    expect((await inFlight).status).toBe(200);
    expect(service.revoked).toEqual([]);
  });
});
