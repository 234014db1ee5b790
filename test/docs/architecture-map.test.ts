// The codemap checks itself: every path and identifier ARCHITECTURE.md names exists (the rules are
// at the top of architecture-map.ts), and the check reports what does not.
import { describe, expect, it } from 'vitest';
import { indexRepo, kindOf, missingNames } from './architecture-map.js';
import { readText, ROOT } from './readme-files.js';

const index = indexRepo(ROOT);

describe('ARCHITECTURE.md', () => {
  it('names only paths and identifiers that exist', () => {
    const missing = missingNames(readText('ARCHITECTURE.md'), index);
    expect(missing, 'ARCHITECTURE.md names these, and the repository has none of them: rename them in the map or restore them').toEqual([]);
  });
});

describe('the codemap check', () => {
  it('sorts spans into paths, identifiers and skipped values', () => {
    expect(['renewal/mint-call.ts', 'mint-call.ts', 'zod/mini', 'createEmbed()', 'ledger.signedOut', 'MAX_TIMEOUT_MS', 'EmbedError'].map(kindOf)).toEqual([
      'path', 'path', 'path', 'identifier', 'identifier', 'identifier', 'identifier',
    ]);
    expect(["'signed-out'", 'signed-out', 'idle', 'POST <path>/logout', '{ sessionId }', 'svc-embed:sign-out:', "embed.on('*')", '409'].map(kindOf)).toEqual(
      Array(8).fill('skipped'),
    );
  });

  it('reports a renamed function and a missing path, with their lines', () => {
    const markdown = [
      '# Architecture',
      '',
      '### `packages/host`',
      '',
      '**Where renewal mints:** `renewal/renewal-step.ts`, `mintForRun`; the runner is in `renewal/renewal-loop.ts`.',
      'The state is `ledger.loggedIn`; `ledger.logout()` signs out.',
    ].join('\n');
    expect(missingNames(markdown, index)).toEqual([
      'line 5: identifier mintForRun (in packages/host)',
      'line 5: path renewal/renewal-loop.ts (in packages/host)',
      'line 6: identifier ledger.loggedIn (in packages/host)',
    ]);
  });

  it('resolves a name inside the package of its section, a path from the root too, and knows package specifiers', () => {
    const markdown = [
      '### `packages/host`',
      '`createEmbed()` is in `create-embed.ts`; the runner is `renewal/renewal-runner.ts` (`createRenewalRunner`), `scope.onDispose`.',
      'It reads `@svc-embed/protocol` and `zod/mini`; `test/docs/readme-files.ts` is from the root; `src/base/`.',
      '### `packages/server`',
      '`renewal/renewal-runner.ts` and `createRenewalRunner` are the host\'s, not the server\'s; `recordMint` is.',
      '## Glossary',
      '`renewal/renewal-runner.ts` and `createRenewalRunner` resolve anywhere outside a package section; `POST <path>/logout` is skipped.',
    ].join('\n');
    expect(missingNames(markdown, index)).toEqual([
      'line 5: path renewal/renewal-runner.ts (in packages/server)',
      'line 5: identifier createRenewalRunner (in packages/server)',
    ]);
  });
});
