/** Escapes a string for a PDF literal `( )`: backslash, parentheses; non-ASCII becomes `?`. @param {string} text */
export const pdfString = (text) => `(${text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (char) => `\\${char}`)})`;

/**
 * Builds a PDF 1.4 file: catalog, page tree, Helvetica and Helvetica-Bold (standard fonts, not
 * embedded), an info dictionary, and one page per content stream, with a byte-exact xref table.
 * @param {{ pages: string[], width: number, height: number, title: string }} document
 * @returns {Buffer}
 */
export function buildPdf({ pages, width, height, title }) {
  /** @type {string[]} object bodies, object n at index n - 1 */
  const objects = [];
  const add = (/** @type {string} */ body) => objects.push(body);
  const firstPage = 6;
  const kids = pages.map((_, index) => `${firstPage + index * 2} 0 R`).join(' ');
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  add(`<< /Title ${pdfString(title)} /Producer (svc-embed emulator) >>`);
  pages.forEach((content, index) => {
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${firstPage + index * 2 + 1} 0 R >>`);
    add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
  });
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((object, index) => {
    const offset = Buffer.byteLength(body, 'latin1');
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
