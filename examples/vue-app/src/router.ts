import { createRouter, createWebHistory } from 'vue-router';
import AboutPage from './AboutPage.vue';
import ReportsPage from './ReportsPage.vue';

/** Two pages: the reports (the embed, its place kept in `?dash=`) and another one, where the embed is unmounted. */
export const router = createRouter({
  history: createWebHistory(import.meta.env.BASE_URL),
  routes: [
    { path: '/', component: ReportsPage },
    { path: '/about', component: AboutPage },
  ],
});
