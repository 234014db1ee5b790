import { InvalidArgumentError } from './errors.js';

/** True for `localhost`, `*.localhost`, `127.0.0.0/8` and `[::1]`: the hosts allowed over plain http. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(host)
  );
}

/**
 * Checks a tenant base URL and returns it without a trailing slash. https is required; http is
 * accepted only for loopback hosts (a local emulator).
 * @example
 * checkBaseUrl('https://tenant.example/') // 'https://tenant.example'
 * checkBaseUrl('http://127.0.0.1:4400')   // 'http://127.0.0.1:4400'
 */
export function checkBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== 'string' || baseUrl.trim() === '')
    throw new InvalidArgumentError('baseUrl', 'baseUrl is required: the tenant URL, for example https://tenant.example');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new InvalidArgumentError('baseUrl', `baseUrl must be an absolute URL such as https://tenant.example (got ${JSON.stringify(baseUrl)})`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname)))
    throw new InvalidArgumentError(
      'baseUrl',
      `baseUrl must use https (got ${url.origin}); http is only accepted for localhost, 127.0.0.1 and [::1]`,
    );
  if (url.username || url.password)
    throw new InvalidArgumentError('baseUrl', 'baseUrl must not carry credentials; pass the API key as apiKey');
  if (url.search || url.hash)
    throw new InvalidArgumentError('baseUrl', `baseUrl must not have a query or fragment (got ${JSON.stringify(baseUrl)})`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
