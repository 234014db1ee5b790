// embed.state and the `state` notification: the phases a page shows (a placeholder while minting or
// loading, an error when failed), in order, with the reason of a failure.
import { describe, expect, it, vi } from 'vitest';
import { recordTimings, type EmbedStateChange } from '../../src/index.js';
import { flush, minter, READY, setup, useFakeClock } from '../support/helpers.js';

useFakeClock();

/** Every state change of `t`'s embed, as `previous>state`. */
function watch(t: ReturnType<typeof setup>) {
  const changes: EmbedStateChange[] = [];
  t.embed.on('state', (change) => void changes.push(change));
  return { changes, path: () => changes.map(({ previous, state }) => `${previous}>${state}`) };
}

describe('embed.state', () => {
  it('a signed embed: minting, loading, ready; renewing while a renewal runs, then ready again; destroyed', async () => {
    const t = setup({ mintSessionId: minter().mint, revokeSessionId: () => {} });
    expect(t.embed.state).toBe('minting');
    const seen = watch(t);
    await flush();
    expect(t.embed.state).toBe('loading');
    t.emit('ready', READY);
    expect(t.embed.state).toBe('ready');
    const renewal = t.embed.renewSession();
    expect(t.embed.state).toBe('renewing');
    await vi.advanceTimersByTimeAsync(10_000);
    await renewal;
    expect(t.embed.state).toBe('ready');
    expect(seen.path()).toEqual(['minting>loading', 'loading>ready', 'ready>renewing', 'renewing>ready']);
    t.embed.destroy();
    expect(t.embed.state).toBe('destroyed');
  });

  it('a private embed: loading, then ready', () => {
    const t = setup();
    expect(t.embed.state).toBe('loading');
    t.emit('ready', { ...READY, mode: 'private' });
    expect(t.embed.state).toBe('ready');
  });

  it('failed, with the reason, when the tenant never answers', async () => {
    const t = setup({ readyTimeoutMs: 5_000 });
    const seen = watch(t);
    t.embed.ready.catch(() => {});
    await vi.advanceTimersByTimeAsync(5_000);
    expect(t.embed.state).toBe('failed');
    expect(seen.changes).toEqual([{ previous: 'loading', state: 'failed', error: expect.objectContaining({ code: 'ready-timeout' }) }]);
  });

  it('failed, with the mint error, when no first id could be minted', async () => {
    const t = setup({ mintSessionId: () => Promise.reject(new Error('backend down')), maxAttempts: 2, retryDelayMs: 100 });
    const seen = watch(t);
    t.embed.ready.catch(() => {});
    await vi.advanceTimersByTimeAsync(100);
    expect(t.embed.state).toBe('failed');
    expect(seen.changes.at(-1)).toEqual({ previous: 'minting', state: 'failed', error: expect.objectContaining({ code: 'mint-failed' }) });
    // A ready that comes after all still counts.
    t.emit('ready', READY);
    expect(t.embed.state).toBe('ready');
  });
});

describe('embed.timings', () => {
  it('with timings: recordTimings(), notes each moment of the first load once, in order, with User Timing marks and measures', async () => {
    const marks = vi.spyOn(performance, 'mark');
    const measures = vi.spyOn(performance, 'measure');
    const t = setup({ mintSessionId: minter().mint, timings: recordTimings() });
    const timings = t.embed.timings ?? {};
    expect(Object.keys(timings)).toEqual(['created', 'mintStarted']);
    await flush();
    t.emit('ready', READY);
    t.emit('dashboard-loaded', { publicId: 'd-42', widgetCount: 3 });
    t.emit('ready', READY);
    expect(Object.keys(timings)).toEqual(['created', 'mintStarted', 'minted', 'srcSet', 'ready', 'dashboardLoaded']);
    const moments = Object.values(timings) as number[];
    expect(moments).toEqual([...moments].sort((a, b) => a - b));
    const names = marks.mock.calls.map(([name]) => name).filter((name) => name.includes(' d-42:'));
    expect(names.map((name) => name.split(':').pop())).toEqual(['created', 'mintStarted', 'minted', 'srcSet', 'ready', 'dashboardLoaded']);
    expect(names[0]).toMatch(/^svc-embed:\d+ d-42:created$/);
    expect(measures.mock.calls.map(([name]) => name.split(': ').pop())).toEqual(['created to ready', 'created to dashboardLoaded']);
  });

  it('without the option: no timings, no marks, no measures', async () => {
    const marks = vi.spyOn(performance, 'mark');
    const measures = vi.spyOn(performance, 'measure');
    const t = setup({ mintSessionId: minter().mint });
    await flush();
    t.emit('ready', READY);
    t.emit('dashboard-loaded', { publicId: 'd-42', widgetCount: 3 });
    expect(t.embed.timings).toBeUndefined();
    expect(marks).not.toHaveBeenCalled();
    expect(measures).not.toHaveBeenCalled();
  });

  it('one recorder serves two embeds, each with timings of its own', async () => {
    const timings = recordTimings();
    const first = setup({ mintSessionId: minter().mint, timings });
    const second = setup({ timings });
    await flush();
    second.emit('ready', READY);
    expect(Object.keys(first.embed.timings ?? {})).toEqual(['created', 'mintStarted', 'minted', 'srcSet']);
    expect(Object.keys(second.embed.timings ?? {})).toEqual(['created', 'srcSet', 'ready']);
  });
});
