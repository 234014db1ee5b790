import type { Embed } from '@svc-embed/host';
import { waitFor } from '@testing-library/react';
import type { RefObject } from 'react';
import { expect } from 'vitest';

/**
 * Waits until the `ref` of a `<SvcEmbed>` holds its embed, and returns it. A `createRef()` starts as
 * `null`, which `toBeDefined()` lets through at once: the wait checks for the embed itself.
 */
export async function embedIn(ref: RefObject<Embed | undefined | null>): Promise<Embed> {
  await waitFor(() => expect(ref.current).toHaveProperty('iframe'));
  return ref.current as Embed;
}
