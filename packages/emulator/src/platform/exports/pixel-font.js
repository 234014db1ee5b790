/**
 * A 5x7 pixel font: each glyph is seven rows of five bits (most significant bit on the left),
 * written as 14 hex digits. Lower case prints as upper case; unknown characters as `?`.
 */
const GLYPHS = {
  '0': '0E11131519110E', '1': '040C040404040E', '2': '0E11010204081F', '3': '1F02040201110E',
  '4': '02060A121F0202', '5': '1F101E0101110E', '6': '0608101E11110E', '7': '1F010204080808',
  '8': '0E11110E11110E', '9': '0E11110F01020C', A: '0E1111111F1111', B: '1E11111E11111E',
  C: '0E11101010110E', D: '1C12111111121C', E: '1F10101E10101F', F: '1F10101E101010',
  G: '0E11101711110F', H: '1111111F111111', I: '0E04040404040E', J: '0702020202120C',
  K: '11121418141211', L: '1010101010101F', M: '111B1515111111', N: '11111915131111',
  O: '0E11111111110E', P: '1E11111E101010', Q: '0E11111115120D', R: '1E11111E141211',
  S: '0F10100E01011E', T: '1F040404040404', U: '1111111111110E', V: '11111111110A04',
  W: '1111111515150A', X: '11110A040A1111', Y: '1111110A040404', Z: '1F01020408101F',
  ' ': '00000000000000', '.': '00000000000C0C', ',': '000000000C0408', '-': '0000001F000000',
  ':': '000C0C000C0C00', '/': '00010204081000', '%': '18190204081303', '(': '02040808080402',
  ')': '08040202020408', '?': '0E110102040004', "'": '0C040800000000', '"': '0A0A0A00000000',
  '&': '0C12140815120D', '+': '0004041F040400', '#': '0A0A1F0A1F0A0A', '_': '0000000000001F',
  '=': '00001F001F0000', '@': '0E11011D15150E',
};

/** Width of a glyph cell including one column of spacing, before scaling. */
export const GLYPH_ADVANCE = 6;
/** Height of a glyph, before scaling. */
export const GLYPH_HEIGHT = 7;

/** @type {Map<string, number[]>} */
const ROWS = new Map();
for (const [char, hex] of Object.entries(GLYPHS)) ROWS.set(char, Array.from({ length: 7 }, (_, row) => parseInt(hex.slice(row * 2, row * 2 + 2), 16)));

/**
 * The seven 5-bit rows of a character's glyph.
 * @param {string} char
 * @returns {number[]}
 */
export function glyphRows(char) {
  return ROWS.get(char.toUpperCase()) ?? /** @type {number[]} */ (ROWS.get('?'));
}

/** Width in pixels of `text` at `scale`. @param {string} text @param {number} scale */
export const textWidth = (text, scale) => text.length * GLYPH_ADVANCE * scale;
