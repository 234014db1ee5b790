// Vue Router 4, installed here as `vue-router-4` next to the app's Vue Router 5: its router fits
// `useRouterUrl` as 5's does (src/ReportsPage.vue), so `@svc-embed/vue`'s peer range names both.
import { useRouterUrl } from '@svc-embed/vue';
import { createMemoryHistory, createRouter, useRouter } from 'vue-router-4';

const router = createRouter({ history: createMemoryHistory(), routes: [{ path: '/', component: { template: '<p />' } }] });

/** In a component's `setup`, with the app's router or with `useRouter()`, as the Vue README shows. */
export function useDashParams() {
  return [useRouterUrl({ router, param: 'dash' }), useRouterUrl({ router: useRouter(), param: 'dash' })] as const;
}
