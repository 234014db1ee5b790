import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [svelte()],
  // Served under /svelte-app/ (the tests' host page server).
  base: '/svelte-app/',
  // @svc-embed/* are links to the repository's packages: resolve what they import from this app's
  // node_modules, as an installed package would.
  resolve: { preserveSymlinks: true },
});
