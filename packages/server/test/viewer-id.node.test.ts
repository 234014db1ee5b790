// The rule for a viewer's id (viewer-id.ts) on its own, in the fast tier (the Redis-backed
// test/http/viewer-id.node.test.ts shows what a bad id did to Redis): each problem's sentence, with
// the character and where it is.
import { describe, expect, it } from 'vitest';
import { MAX_VIEWER_ID_LENGTH, viewerIdProblem } from '../src/viewer-id.js';

describe('viewerIdProblem', () => {
  it.each([
    ['empty', '', 'it is empty'],
    ['one code unit over the limit', 'a'.repeat(257), 'it is 257 UTF-16 code units long, over the limit of 256'],
    ['a NUL', 'ada\u0000', 'it holds a control character (U+0000) at index 3'],
    ['a newline', 'a\nb', 'it holds a control character (U+000A) at index 1'],
    ['DEL', '\u007f', 'it holds a control character (U+007F) at index 0'],
    ['a C1 control', 'ada\u0085', 'it holds a control character (U+0085) at index 3'],
    ['a lone high surrogate', 'ada\uD800', 'it holds a lone surrogate (U+D800), which is not well-formed UTF-16 at index 3'],
    ['a lone low surrogate', '\uDC0Fada', 'it holds a lone surrogate (U+DC0F), which is not well-formed UTF-16 at index 0'],
  ])('refuses an id that is %s', (_, id, problem) => {
    expect(viewerIdProblem(id)).toBe(problem);
  });

  it.each([
    ['of one code unit', 'a'],
    ['of exactly the limit', 'a'.repeat(MAX_VIEWER_ID_LENGTH)],
    ['with an emoji (a surrogate pair)', 'ada\u{1F600}'],
    ['with spaces and letters of any script', 'Ада Лавлейс 李'],
  ])('takes an id %s', (_, id) => {
    expect(viewerIdProblem(id)).toBeNull();
  });

  it('allows 256 UTF-16 code units', () => {
    expect(MAX_VIEWER_ID_LENGTH).toBe(256);
  });
});
