/**
 * @vitest-environment happy-dom
 * @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
 */
// <svc-embed> written in React 19 JSX as its types declare it (src/element/svc-embed-types.ts): the
// attributes reach the element as attributes, and an onsvc-<name> prop listens to that event.
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { DownloadPayload } from '@svc-embed/protocol';

afterEach(cleanup);

it('sets the attributes and listens to onsvc-download with the event', () => {
  const onDownload = vi.fn((event: CustomEvent<DownloadPayload>) => event.detail.format);
  const { container } = render(
    <svc-embed base-url="https://tenant.example" public-id="d-42" allow-export className="analytics" onsvc-download={onDownload} />,
  );
  const element = container.querySelector('svc-embed');
  expect(element?.getAttribute('base-url')).toBe('https://tenant.example');
  expect(element?.getAttribute('public-id')).toBe('d-42');
  expect(element?.getAttribute('allow-export')).toBe('');
  expect(element?.getAttribute('class')).toBe('analytics');
  const detail: DownloadPayload = { format: 'csv', target: 'widget' };
  element?.dispatchEvent(new CustomEvent('svc-download', { detail, bubbles: true }));
  expect(onDownload).toHaveBeenCalledTimes(1);
  expect(onDownload.mock.results[0]?.value).toBe('csv');
});
