import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [vue()],
  // Served under /vue-app/ (the tests' host page server); Vue Router's history uses the same base.
  base: '/vue-app/',
  // @svc-embed/* are links to the repository's packages: resolve what they import from this app's
  // node_modules, as an installed package would (one copy of vue).
  resolve: { preserveSymlinks: true },
});
