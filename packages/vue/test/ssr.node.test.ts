// Server rendering (as Nuxt does): importing the package and rendering <SvcEmbed> under a provided
// ledger in Node touches no window; the container is rendered and the embed is created on the
// client only.
import { expect, it } from 'vitest';
import { createSSRApp, defineComponent, h } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { SvcEmbed, provideSessionLedger, useEmbed } from '../src/index.js';

it('renders the containers without a window, and mints nothing', async () => {
  expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
  let minted = 0;
  const mintSessionId = () => `never-${++minted}`;
  const Hooked = defineComponent({
    setup() {
      const { container } = useEmbed(() => ({ baseUrl: 'https://tenant.example', publicId: 'd-43', mintSessionId }));
      return () => h('section', { ref: container });
    },
  });
  const app = createSSRApp({
    setup() {
      provideSessionLedger();
      return () => [
        h(SvcEmbed, { baseUrl: 'https://tenant.example', publicId: 'd-42', mintSessionId, class: 'analytics', style: { height: '640px' } }),
        h(Hooked),
      ];
    },
  });
  const html = await renderToString(app);
  expect(html).toBe('<!--[--><div class="analytics" style="height:640px;"></div><section></section><!--]-->');
  expect(minted).toBe(0);
});
