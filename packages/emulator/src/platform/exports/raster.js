import { GLYPH_ADVANCE, glyphRows } from './pixel-font.js';

/** @typedef {readonly [number, number, number]} Rgb */

/** @typedef {(x: number, y: number, w: number, h: number, color: Rgb) => void} FillRect */

/**
 * A line `thickness` pixels wide from (x0, y0) to (x1, y1): Bresenham, with a square brush.
 * @param {{ fillRect: FillRect, x0: number, y0: number, x1: number, y1: number, color: Rgb, thickness: number }} line
 */
function drawLine({ fillRect, x0, y0, x1, y1, color, thickness }) {
  const dx = Math.abs(x1 - x0);
  const dy = -Math.abs(y1 - y0);
  const sx = x0 < x1 ? 1 : -1;
  const sy = y0 < y1 ? 1 : -1;
  let error = dx + dy;
  let x = x0;
  let y = y0;
  for (let steps = 0; steps <= dx - dy; steps += 1) {
    fillRect(x, y, thickness, thickness, color);
    if (x === x1 && y === y1) break;
    const twice = 2 * error;
    if (twice >= dy) {
      error += dy;
      x += sx;
    }
    if (twice <= dx) {
      error += dx;
      y += sy;
    }
  }
}

/**
 * Text in the 5x7 font, each font pixel a `scale` x `scale` square, top-left at (x, y).
 * @param {{ fillRect: FillRect, x: number, y: number, text: string, color: Rgb, scale: number }} label
 */
function drawText({ fillRect, x, y, text, color, scale }) {
  [...text].forEach((char, index) => {
    glyphRows(char).forEach((bits, row) => {
      for (let column = 0; column < 5; column += 1)
        if (bits & (0x10 >> column)) fillRect(x + (index * GLYPH_ADVANCE + column) * scale, y + row * scale, scale, scale, color);
    });
  });
}

/**
 * An RGB pixel buffer with the few drawing operations the export renderer needs. Drawing outside
 * the image is clipped.
 * @param {number} width
 * @param {number} height
 * @param {Rgb} background
 */
export function createRaster(width, height, background) {
  const rgb = new Uint8Array(width * height * 3);
  for (let index = 0; index < width * height; index += 1) rgb.set(background, index * 3);

  /** @param {number} x @param {number} y @param {Rgb} color */
  const setPixel = (x, y, color) => {
    const column = Math.round(x);
    const row = Math.round(y);
    if (column < 0 || row < 0 || column >= width || row >= height) return;
    rgb.set(color, (row * width + column) * 3);
  };

  /** @type {FillRect} */
  const fillRect = (x, y, w, h, color) => {
    const left = Math.round(x);
    const top = Math.round(y);
    const right = left + Math.round(w);
    const bottom = top + Math.round(h);
    for (let row = Math.max(0, top); row < Math.min(height, bottom); row += 1)
      for (let column = Math.max(0, left); column < Math.min(width, right); column += 1) rgb.set(color, (row * width + column) * 3);
  };

  return {
    width,
    height,
    rgb,
    setPixel,
    fillRect,
    /**
     * A line `thickness` pixels wide (Bresenham, with a square brush).
     * @param {number} x0 @param {number} y0 @param {number} x1 @param {number} y1 @param {Rgb} color @param {number} [thickness]
     */
    line(x0, y0, x1, y1, color, thickness = 2) {
      drawLine({ fillRect, x0, y0, x1, y1, color, thickness });
    },
    /**
     * Text in the 5x7 font, each font pixel a `scale` x `scale` square, top-left at (x, y).
     * @param {number} x @param {number} y @param {string} text @param {Rgb} color @param {number} [scale]
     */
    text(x, y, text, color, scale = 2) {
      drawText({ fillRect, x, y, text, color, scale });
    },
  };
}
