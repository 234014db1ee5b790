'use client';
import type { Embed } from '@svc-embed/host';
import { forwardRef, useImperativeHandle, type CSSProperties } from 'react';
import { useEmbed } from './use-embed.js';
import type { UseEmbedOptions } from './use-embed-options.js';

/**
 * Props of {@link SvcEmbed}: the embed's options and listeners (`publicId` or `src` required), and
 * the container's class and style.
 */
export type SvcEmbedProps = UseEmbedOptions & {
  /** Class of the container `<div>` the iframe fills. */
  className?: string;
  /** Style of the container `<div>`: give it a height. */
  style?: CSSProperties;
};

/**
 * Embeds a surface of the service: a `<div>` whose iframe the SDK creates once mounted in the
 * browser. Every `EmbedOptions` field is a prop, every event an `on<Name>` prop; `ref` gets the
 * `Embed` (actions, `renewSession`, `logout`). See {@link useEmbed} for what recreates the embed.
 * @example
 * <SvcEmbed baseUrl="https://tenant.example" publicId="d-42" mintSessionId={mint} style={{ height: 640 }}
 *   onDownload={(payload) => toast(`exported ${payload.format}`)} />
 */
export const SvcEmbed = forwardRef<Embed | undefined, SvcEmbedProps>(function SvcEmbed({ className, style, ...options }, ref) {
  const { ref: container, embed, signedOut, state } = useEmbed(options);
  useImperativeHandle(ref, () => embed, [embed]);
  // The embed's state, and signed out (the container stays, empty), marked for styles.
  return <div ref={container} className={className} style={style} data-state={state} data-signed-out={signedOut ? '' : undefined} />;
});
