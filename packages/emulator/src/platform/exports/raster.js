import { GLYPH_ADVANCE, glyphRows } from './pixel-font.js';

/** @typedef {readonly [number, number, number]} Rgb */

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
    [x, y] = [Math.round(x), Math.round(y)];
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    rgb.set(color, (y * width + x) * 3);
  };

  /** @param {number} x @param {number} y @param {number} w @param {number} h @param {Rgb} color */
  const fillRect = (x, y, w, h, color) => {
    [x, y, w, h] = [Math.round(x), Math.round(y), Math.round(w), Math.round(h)];
    for (let row = Math.max(0, y); row < Math.min(height, y + h); row += 1)
      for (let column = Math.max(0, x); column < Math.min(width, x + w); column += 1) rgb.set(color, (row * width + column) * 3);
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
      const dx = Math.abs(x1 - x0);
      const dy = -Math.abs(y1 - y0);
      const sx = x0 < x1 ? 1 : -1;
      const sy = y0 < y1 ? 1 : -1;
      let error = dx + dy;
      let [x, y] = [x0, y0];
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
    },
    /**
     * Text in the 5x7 font, each font pixel a `scale` x `scale` square, top-left at (x, y).
     * @param {number} x @param {number} y @param {string} text @param {Rgb} color @param {number} [scale]
     */
    text(x, y, text, color, scale = 2) {
      [...text].forEach((char, index) => {
        glyphRows(char).forEach((bits, row) => {
          for (let column = 0; column < 5; column += 1)
            if (bits & (0x10 >> column)) fillRect(x + (index * GLYPH_ADVANCE + column) * scale, y + row * scale, scale, scale, color);
        });
      });
    },
  };
}
