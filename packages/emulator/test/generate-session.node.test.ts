import { describe, expect, it } from 'vitest';
import { KEY, SCOPED_KEY, startEmulator } from './helpers.js';

const PATH = '/api/v1/embed/generate-session';
const VALID = { deploymentId: 42, externalId: 'ada' };

describe('POST /api/v1/embed/generate-session', () => {
  it.each([
    ['Bearer', `Bearer ${KEY}`],
    ['Api-Key', `Api-Key ${KEY}`],
    ['lower-case scheme', `bearer ${KEY}`],
  ])('mints a session id with the %s scheme', async (_, authorization) => {
    const { call, emulator } = await startEmulator();
    const response = await call(PATH, { method: 'POST', headers: { authorization }, json: VALID });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { sessionId: string };
    expect(body.sessionId).toMatch(/^ses_[\w-]{20,}$/);
    expect(emulator.state.mints.map((mint) => mint.sessionId)).toEqual([body.sessionId]);
  });

  it.each([
    ['no header', undefined],
    ['an unknown key', 'Bearer not-the-key-000'],
    ['another scheme', `Basic ${KEY}`],
    ['a bare key', KEY],
    ['an empty bearer', 'Bearer '],
  ])('answers 401 { error } for %s, before reading the body', async (_, authorization) => {
    const { call, emulator } = await startEmulator();
    const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
    const response = await call(PATH, { method: 'POST', headers, body: 'not json' });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('Bearer');
    expect(((await response.json()) as { error: string }).error).toMatch(/Authorization|API key/);
    expect(emulator.state.mints).toHaveLength(0);
  });

  it.each([
    ['a body that is not JSON', '{"deploymentId":', /not valid JSON/],
    ['an empty body', '', /JSON object/],
    ['an array', [], /JSON object/],
    ['no deploymentId', { externalId: 'ada' }, /deploymentId is required/],
    ['a string deploymentId', { deploymentId: '42', externalId: 'ada' }, /deploymentId must be a positive integer/],
    ['a fractional deploymentId', { deploymentId: 4.2, externalId: 'ada' }, /positive integer/],
    ['neither id', { deploymentId: 42 }, /exactly one of externalId or internalId/],
    ['both ids', { deploymentId: 42, externalId: 'ada', internalId: 'u-1' }, /exactly one/],
    ['an empty externalId', { deploymentId: 42, externalId: '  ' }, /externalId must be a non-empty string/],
    ['a boolean internalId', { deploymentId: 42, internalId: true }, /internalId/],
    ['a bad embedTenantName', { ...VALID, embedTenantName: 'Acme!' }, /embedTenantName/],
    ['a bad email', { ...VALID, email: 'ada' }, /email/],
    ['userAttributes without names', { ...VALID, userAttributes: [{ value: 1 }] }, /userAttributes/],
    ['groups that are not strings', { ...VALID, groups: [1] }, /groups/],
    ['a non-boolean creatorMode', { ...VALID, creatorMode: 'yes' }, /creatorMode/],
  ])('answers 400 { error } for %s', async (_, body, message) => {
    const { call, emulator } = await startEmulator();
    const init = typeof body === 'string' ? { body } : { json: body };
    const response = await call(PATH, { method: 'POST', headers: { authorization: `Bearer ${KEY}` }, ...init });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(message);
    expect(emulator.state.mints).toHaveLength(0);
  });

  it('answers 413 for a body over 64 KiB', async () => {
    const { call } = await startEmulator();
    const response = await call(PATH, { method: 'POST', headers: { authorization: `Bearer ${KEY}` }, json: { ...VALID, pad: 'x'.repeat(70_000) } });
    expect(response.status).toBe(413);
  });

  it('trims and lower-cases externalId and accepts the optional fields', async () => {
    const { emulator, mint } = await startEmulator();
    const sessionId = await mint({
      ...VALID,
      externalId: '  Ada.Lovelace@Example.COM ',
      embedTenantName: 'acme-corp',
      email: 'ada@example.com',
      creatorMode: false,
      userAttributes: [{ name: 'region', value: 'emea' }],
      groups: ['analysts'],
      securityContext: { team: 7 },
    });
    expect(emulator.state.get(sessionId)?.claims).toMatchObject({ externalId: 'ada.lovelace@example.com', embedTenantName: 'acme-corp', groups: ['analysts'] });
  });

  it('accepts internalId instead of externalId', async () => {
    const { emulator, mint } = await startEmulator();
    const sessionId = await mint({ deploymentId: 42, internalId: 'user-9' });
    expect(emulator.state.describe(sessionId)).toMatchObject({ internalId: 'user-9', externalId: undefined, status: 'pending' });
  });

  it('answers 403 when a scoped key asks for another deployment, 200 for its own', async () => {
    const { call, mint } = await startEmulator();
    const denied = await call(PATH, { method: 'POST', headers: { authorization: `Bearer ${SCOPED_KEY}` }, json: VALID });
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as { error: string }).error).toContain('deployment 42');
    await expect(mint({ deploymentId: 7, externalId: 'ada' }, SCOPED_KEY)).resolves.toMatch(/^ses_/);
  });

  it('mints a distinct id every time', async () => {
    const { mint } = await startEmulator();
    const ids = await Promise.all(Array.from({ length: 20 }, () => mint()));
    expect(new Set(ids).size).toBe(20);
  });
});
