// Server rendering: importing the package and rendering <SvcEmbed> in Node touches no window; the
// container is rendered and the embed is created on the client only.
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { SessionLedgerProvider, SvcEmbed } from '../src/index.js';

it('renders the container without a window', () => {
  expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
  const html = renderToString(
    <SessionLedgerProvider>
      <SvcEmbed baseUrl="https://tenant.example" publicId="d-42" mintSessionId={() => 'never'} className="analytics" style={{ height: 640 }} />
    </SessionLedgerProvider>,
  );
  expect(html).toBe('<div class="analytics" style="height:640px"></div>');
});
