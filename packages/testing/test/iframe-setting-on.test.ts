/**
 * @vitest-environment happy-dom
 * @vitest-environment-options {"settings":{"enableIframePageLoading":true}}
 */
// A test file that chose `enableIframePageLoading` keeps what it chose: importing the kit leaves
// child-frame navigation on (the kit would turn it off to keep happy-dom quiet otherwise).
import { describe, expect, it } from 'vitest';
import '../src/index.js';
import { happyDomIframeSettings } from './happy-dom-settings.js';

describe('a test file that chose enableIframePageLoading', () => {
  it('keeps its settings: child-frame navigation is still on after the kit is imported', () => {
    expect(happyDomIframeSettings()).toEqual({ disableIframePageLoading: false, enableIframePageLoading: true, disableChildFrameNavigation: false });
  });
});
