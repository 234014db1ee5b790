/** What a PDF holds, read by a small independent parser: its objects and the strings it shows. */
export interface ParsedPdf {
  version: string;
  pageCount: number;
  /** Every `(...) Tj` string in page order, escapes undone. */
  strings: string[];
}

const unescape = (literal: string) => literal.replace(/\\([\\()])/g, '$1');

/**
 * Parses a PDF with a classic xref table: checks `%PDF-`, that `startxref` points at `xref`, that
 * every in-use xref entry points at `<n> 0 obj`, that the trailer's /Size matches, and that every
 * stream's /Length is its byte length; then collects page count and shown strings.
 */
export function parsePdf(file: Buffer): ParsedPdf {
  const text = file.toString('latin1');
  const version = /^%PDF-(\d\.\d)\n/.exec(text)?.[1];
  if (!version) throw new Error('no %PDF- header');
  if (!text.trimEnd().endsWith('%%EOF')) throw new Error('no %%EOF');
  const startxref = Number(/startxref\n(\d+)\n%%EOF\s*$/.exec(text)?.[1]);
  if (text.slice(startxref, startxref + 4) !== 'xref') throw new Error(`startxref ${startxref} does not point at xref`);
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref)) ?? [];
  if (first !== '0' || !count) throw new Error('unreadable xref header');
  const entries = text.slice(startxref).split('\n').slice(2, 2 + Number(count));
  entries.forEach((entry, index) => {
    const [offset, , kind] = entry.trim().split(' ');
    if (kind !== 'n') return;
    const header = `${index} 0 obj`;
    if (text.slice(Number(offset), Number(offset) + header.length) !== header) throw new Error(`xref entry ${index} points at ${Number(offset)}, not at "${header}"`);
  });
  const size = Number(/\/Size (\d+)/.exec(text.slice(startxref))?.[1]);
  if (size !== Number(count)) throw new Error(`/Size ${size} but ${count} xref entries`);
  for (const match of text.matchAll(/\/Length (\d+) >>\nstream\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    if (text.slice(start + Number(match[1]), start + Number(match[1]) + 10) !== '\nendstream') throw new Error('a stream /Length is wrong');
  }
  const pageCount = (text.match(/\/Type \/Page /g) ?? []).length;
  const strings = [...text.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((match) => unescape(match[1] ?? ''));
  return { version, pageCount, strings };
}
