import { createEmbed, EmbedError, type Embed, type EmbedOptions } from '@svc-embed/host';

/**
 * Prints a setting the SDK refused (`invalid-option`) as the one line the host prints for a first
 * load that failed, `[svc-embed] invalid-option: <what to write>`, instead of an uncaught error that
 * Vue reports as its own. Anything else is thrown on.
 */
export function reportRefusal(error: unknown): void {
  if (!(error instanceof EmbedError) || error.code !== 'invalid-option') throw error;
  console.error(`[svc-embed] ${error.code}: ${error.message}`);
}

/** `createEmbed(options)`, or undefined when it refused an option (printed by {@link reportRefusal}). */
export function createOrRefuse(options: EmbedOptions): Embed | undefined {
  try {
    return createEmbed(options);
  } catch (error) {
    reportRefusal(error);
    return undefined;
  }
}
