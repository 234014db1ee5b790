import { deflateSync } from 'node:zlib';

/** The eight bytes every PNG starts with. */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/**
 * CRC-32 (ISO 3309, as PNG chunks use it) of `bytes`.
 * @param {Uint8Array} bytes
 */
export function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = /** @type {number} */ (CRC_TABLE[(crc ^ byte) & 0xff]) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A chunk: length, type, data, CRC of type and data. @param {string} type @param {Buffer} data */
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * Encodes an 8-bit RGB image as a PNG: IHDR, one tEXt chunk per `text` entry, IDAT (each row
 * with filter type 0, deflated with node:zlib), IEND.
 * @param {{ width: number, height: number, rgb: Uint8Array, text?: Record<string, string> }} image
 */
export function encodePng({ width, height, rgb, text = {} }) {
  if (rgb.length !== width * height * 3) throw new RangeError(`rgb holds ${rgb.length} bytes, expected ${width * height * 3}`);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  // compression 0, filter 0, interlace 0
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y += 1) raw.set(rgb.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  const texts = [];
  for (const [keyword, value] of Object.entries(text)) {
    texts.push(chunk('tEXt', Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(value.replace(/[^\x20-\x7e\n]/g, '?'), 'latin1')])));
  }
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), ...texts, chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}
