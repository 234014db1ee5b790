// Next.js is not a dependency of this repository: the server README's server component is checked
// against the signature of `next/headers` as Next.js documents it (App Router, Next.js 15 and 16: async).
declare module 'next/headers' {
  /** The incoming request's headers, read-only. */
  export function headers(): Promise<Headers>;
}
