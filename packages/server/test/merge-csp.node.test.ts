// mergeCsp: a page's own policy with the sources the SDK needs added (issue 30), as the host's
// requiredCsp gives them.
import { describe, expect, it } from 'vitest';
import { mergeCsp } from '../src/index.js';

const TENANT = 'https://tenant.example';

describe('mergeCsp', () => {
  it.each([
    ['a directive the policy has gets the source', "default-src 'self'; frame-src 'self'", { 'frame-src': [TENANT] }, `default-src 'self'; frame-src 'self' ${TENANT}`],
    ["'none' goes once something is allowed", "default-src 'self'; frame-src 'none'", { 'frame-src': [TENANT] }, `default-src 'self'; frame-src ${TENANT}`],
    ['a source already there is not repeated', `frame-src ${TENANT}; connect-src 'self'`, { 'frame-src': [TENANT], 'connect-src': ["'self'"] }, `frame-src ${TENANT}; connect-src 'self'`],
    ['a missing directive restricted by default-src starts from its sources', "default-src 'self'; script-src 'self'", { 'frame-src': [TENANT], 'connect-src': ["'self'"] }, `default-src 'self'; script-src 'self'; frame-src 'self' ${TENANT}; connect-src 'self'`],
    ['frame-src falls back to child-src first', "default-src 'none'; child-src 'self'", { 'frame-src': [TENANT] }, `default-src 'none'; child-src 'self'; frame-src 'self' ${TENANT}`],
    ['only frame-src falls back to child-src: connect-src starts from default-src', "default-src 'none'; child-src 'self'", { 'connect-src': [TENANT] }, `default-src 'none'; child-src 'self'; connect-src ${TENANT}`],
    ['sources apart by several spaces written one space apart', "default-src  'self'   https://cdn.example", { 'frame-src': [TENANT] }, `default-src 'self' https://cdn.example; frame-src 'self' https://cdn.example ${TENANT}`],
    ['from a default-src of none, only what is needed', "default-src 'none'", { 'frame-src': [TENANT], 'connect-src': ["'self'"] }, `default-src 'none'; frame-src ${TENANT}; connect-src 'self'`],
    ['nothing restricts it: allowed already, nothing added', "img-src 'self'", { 'frame-src': [TENANT] }, "img-src 'self'"],
    ['names in any case, spaces and empty parts tolerated', "  Default-Src 'self' ;; FRAME-SRC 'self';", { 'frame-src': [TENANT] }, `default-src 'self'; frame-src 'self' ${TENANT}`],
    ['other directives kept as written', "default-src 'self'; require-trusted-types-for 'script'; trusted-types 'none'", { 'frame-src': [TENANT] }, `default-src 'self'; require-trusted-types-for 'script'; trusted-types 'none'; frame-src 'self' ${TENANT}`],
  ])('%s', (_what, policy, directives, merged) => {
    expect(mergeCsp(policy, directives)).toBe(merged);
  });

  it.each([
    ['a ;, which would end the directive and write another', `${TENANT}; script-src *`, ';'],
    ['a ,, which would start a second policy', `${TENANT}, script-src *`, ','],
    ['a space, which would add a second source', `${TENANT} https://other.example`, 'spaces'],
    ['a newline', `${TENANT}\nscript-src *`, 'spaces'],
    ['nothing', '', 'non-empty'],
  ])('refuses a source holding %s, saying what to write, and writes nothing', (_what, source, named) => {
    expect(() => mergeCsp("default-src 'self'", { 'frame-src': [source] })).toThrow(TypeError);
    expect(() => mergeCsp("default-src 'self'", { 'frame-src': [source] })).toThrow(named);
    expect(() => mergeCsp("default-src 'self'", { 'frame-src': [source] })).toThrow("give each source as its own non-empty string");
  });

  it('refuses a source that is not a string (a caller without types), naming it', () => {
    const directives: Record<string, readonly unknown[]> = { 'frame-src': [42] };
    expect(() => mergeCsp("default-src 'self'", directives as Record<string, readonly string[]>)).toThrow('the source 42 of frame-src is not one CSP source');
  });

  it('leaves a directive given without sources (undefined, from a caller without types) as the policy has it', () => {
    const directives: Record<string, undefined> = { 'frame-src': undefined };
    expect(mergeCsp("default-src 'self'; frame-src 'self'", directives as unknown as Record<string, readonly string[]>)).toBe("default-src 'self'; frame-src 'self'");
  });
});
