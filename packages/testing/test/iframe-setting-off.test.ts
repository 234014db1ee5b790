/**
 * @vitest-environment happy-dom
 * @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
 */
// A test file that chose `disableIframePageLoading` keeps it: importing the kit turns no iframe
// page loading on, and the fake frame plays the surface all the same.
import { describe, expect, it } from 'vitest';
import { attachFakeFrame } from '../src/index.js';
import { embedWith } from './embed-fixture.js';
import { happyDomIframeSettings } from './happy-dom-settings.js';

describe('a test file that chose disableIframePageLoading', () => {
  it('keeps its setting: the kit turned no iframe page loading on, and left child-frame navigation alone', () => {
    expect(happyDomIframeSettings()).toEqual({ disableIframePageLoading: true, enableIframePageLoading: false, disableChildFrameNavigation: false });
  });

  it('still gets a fake frame that plays the surface', async () => {
    const embed = embedWith();
    attachFakeFrame(embed).ready();
    await expect(embed.ready).resolves.toMatchObject({ mode: 'private', surface: 'dashboard' });
  });
});
