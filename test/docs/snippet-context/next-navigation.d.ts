// Next.js is not a dependency of this repository: the React README's App Router recipe is checked
// against the signatures of `next/navigation` as Next.js documents them (App Router, Next.js 13 to 16).
declare module 'next/navigation' {
  /** The read-only URLSearchParams that `useSearchParams` returns. */
  export class ReadonlyURLSearchParams extends URLSearchParams {}
  /** Options of `router.push` and `router.replace`. */
  export interface NavigateOptions {
    scroll?: boolean;
  }
  /** The App Router's instance. */
  export interface AppRouterInstance {
    push(href: string, options?: NavigateOptions): void;
    replace(href: string, options?: NavigateOptions): void;
    back(): void;
    forward(): void;
    refresh(): void;
    prefetch(href: string): void;
  }
  export function useRouter(): AppRouterInstance;
  export function usePathname(): string;
  export function useSearchParams(): ReadonlyURLSearchParams;
}
