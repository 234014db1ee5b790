import { crc32, inflateSync } from 'node:zlib';

/** A decoded 8-bit RGB PNG, its text chunks, and the types of its chunks in order. */
export interface DecodedPng {
  width: number;
  height: number;
  chunks: string[];
  text: Record<string, string>;
  /** RGB triplets, row by row. */
  rgb: Uint8Array;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Paeth predictor of the PNG spec. */
function paeth(a: number, b: number, c: number) {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * Decodes an 8-bit truecolour, non-interlaced PNG, checking the signature, every chunk's CRC
 * (with node:zlib's crc32, independent of the emulator's own) and the inflated data size, and
 * undoing all five row filters.
 */
export function decodePng(file: Buffer): DecodedPng {
  if (!SIGNATURE.every((byte, index) => file[index] === byte)) throw new Error('not a PNG signature');
  const chunks: string[] = [];
  const text: Record<string, string> = {};
  const idat: Buffer[] = [];
  let width = 0;
  let height = 0;
  let offset = 8;
  while (offset < file.length) {
    const length = file.readUInt32BE(offset);
    const type = file.toString('latin1', offset + 4, offset + 8);
    const data = file.subarray(offset + 8, offset + 8 + length);
    const crc = file.readUInt32BE(offset + 8 + length);
    if (crc32(file.subarray(offset + 4, offset + 8 + length)) !== crc) throw new Error(`bad CRC in ${type}`);
    chunks.push(type);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[9] !== 2 || data[12] !== 0) throw new Error('expected 8-bit RGB, not interlaced');
    } else if (type === 'tEXt') {
      const split = data.indexOf(0);
      text[data.toString('latin1', 0, split)] = data.toString('latin1', split + 1);
    } else if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const stride = width * 3;
  const raw = inflateSync(Buffer.concat(idat));
  if (raw.length !== (stride + 1) * height) throw new Error(`IDAT inflates to ${raw.length} bytes, expected ${(stride + 1) * height}`);
  const rgb = new Uint8Array(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x += 1) {
      const value = raw[y * (stride + 1) + 1 + x] ?? 0;
      const a = x >= 3 ? (rgb[y * stride + x - 3] ?? 0) : 0;
      const b = y > 0 ? (rgb[(y - 1) * stride + x] ?? 0) : 0;
      const c = x >= 3 && y > 0 ? (rgb[(y - 1) * stride + x - 3] ?? 0) : 0;
      const predicted = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter ?? 0];
      if (predicted === undefined) throw new Error(`unknown filter ${filter}`);
      rgb[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  return { width, height, chunks, text, rgb };
}

/**
 * Heights of the bars of the first bar chart: the first run of rows holding `color`, down to the
 * baseline; each group of adjacent columns holding `color` is a bar, its height the count of
 * `color` pixels in the run.
 */
export function firstBarChart(png: DecodedPng, color: readonly [number, number, number]): number[] {
  const is = (x: number, y: number) => {
    const at = (y * png.width + x) * 3;
    return png.rgb[at] === color[0] && png.rgb[at + 1] === color[1] && png.rgb[at + 2] === color[2];
  };
  const rowHas = (y: number) => Array.from({ length: png.width }, (_, x) => is(x, y)).some(Boolean);
  let top = 0;
  while (top < png.height && !rowHas(top)) top += 1;
  let bottom = top;
  while (bottom < png.height && rowHas(bottom)) bottom += 1;
  const heights: number[] = [];
  let inBar = false;
  for (let x = 0; x < png.width; x += 1) {
    let count = 0;
    for (let y = top; y < bottom; y += 1) if (is(x, y)) count += 1;
    if (count > 0 && !inBar) heights.push(count);
    inBar = count > 0;
  }
  return heights;
}
