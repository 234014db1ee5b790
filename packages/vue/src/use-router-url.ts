import type { UrlAdapter, UrlSync } from '@svc-embed/host';
import { useUrlAdapter } from './use-url-adapter.js';

/** A query value as Vue Router has it: a string, null (`?dash`), an array (`?dash=a&dash=b`), or absent. */
type QueryValue = string | null | (string | null)[] | undefined;

/** The parts of a Vue Router 4 `Router` that {@link useRouterUrl} uses (so this package needs no `vue-router`). */
export interface QueryRouter {
  /** The current route (`router.currentRoute`). */
  readonly currentRoute: { readonly value: { readonly query: Readonly<Record<string, QueryValue>>; readonly hash: string } };
  /** `router.push`. */
  push(to: { query: Record<string, QueryValue>; hash: string }): Promise<unknown>;
  /** `router.replace`. */
  replace(to: { query: Record<string, QueryValue>; hash: string }): Promise<unknown>;
}

/** What {@link useRouterUrl} keeps the path in. */
export interface RouterUrlOptions {
  /** The app's router: `useRouter()` in `setup`. */
  router: QueryRouter;
  /** The query parameter that holds the in-embed path, such as `dash`. */
  param: string;
}

/** The first string of a query value (Vue Router gives an array for a repeated parameter). */
const firstString = (value: QueryValue): string | null => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : null;
};

/**
 * The `UrlAdapter` of a query parameter kept by Vue Router: the embed's in-embed path goes to
 * `?dash=/orders` through `router.push` (or `router.replace`), the route's other query parameters
 * and hash stay, and back, forward and `<RouterLink>`s bring the embed to the path they hold. Call it
 * in `setup`, and give the result to the `sync-url` prop (or to `syncUrl`).
 * @example
 * // <script setup lang="ts">
 * const dash = useRouterUrl({ router: useRouter(), param: 'dash' });
 * // <template><SvcEmbed base-url="https://tenant.example" public-id="sales-overview" :sync-url="dash" /></template>
 */
export function useRouterUrl({ router, param }: RouterUrlOptions): UrlAdapter & UrlSync {
  return useUrlAdapter({
    value: () => firstString(router.currentRoute.value.query[param]),
    write(path, { replace }) {
      const { query, hash } = router.currentRoute.value;
      // An undefined value leaves the query: Vue Router writes none.
      const to = { query: { ...query, [param]: path ?? undefined }, hash };
      const navigation = replace ? router.replace(to) : router.push(to);
      // A navigation a guard refused is the router's to report (router.onError); nothing to do here.
      navigation.catch(() => undefined);
    },
  });
}
