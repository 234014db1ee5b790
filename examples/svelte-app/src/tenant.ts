/** The tenant's base URL, from the page's `<meta name="svc-embed-base-url">` (written by the server). */
export const baseUrl = document.querySelector<HTMLMetaElement>('meta[name="svc-embed-base-url"]')?.content ?? 'http://localhost:4400';
