// Serves files under a few fixed roots (a URL prefix each), never outside them.
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json; charset=utf-8',
};

/**
 * @param {Record<string, string>} roots URL prefix (ending in `/`) -> directory.
 * @returns {(pathname: string) => Promise<{ body: Buffer, type: string } | undefined>}
 */
export function staticFiles(roots) {
  const entries = Object.entries(roots).sort((a, b) => b[0].length - a[0].length);
  return async (pathname) => {
    let decoded;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    for (const [prefix, directory] of entries) {
      if (!decoded.startsWith(prefix)) continue;
      const file = normalize(join(directory, decoded.slice(prefix.length)));
      if (!file.startsWith(directory.endsWith(sep) ? directory : directory + sep)) return undefined;
      try {
        if (!(await stat(file)).isFile()) return undefined;
        return { body: await readFile(file), type: TYPES[/** @type {keyof TYPES} */ (extname(file))] ?? 'application/octet-stream' };
      } catch {
        return undefined;
      }
    }
    return undefined;
  };
}
