// The plain-code rules of the browser halves and what they share (scripts/code-rules.mjs): no comma
// expressions, no condition used as a statement (`ready && go()`), no `as any`, no array-destructured
// parameters, no `throw` of a string, no function over 60 lines, and no non-null assertion (`!`).
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a JavaScript module without types
import { checkPackages, RULED_PACKAGES } from '../../scripts/code-rules.mjs';

type Finding = { rule: string; line: number };
type Checked = { name: string; files: { path: string; findings: Finding[]; nonNull: number }[] };

describe.each(checkPackages() as Checked[])('packages/$name/src', ({ files }) => {
  it('breaks none of the plain-code rules', () => {
    const broken = files.flatMap((file) => file.findings.map((finding) => `${file.path}:${finding.line} ${finding.rule}`));
    expect(broken).toEqual([]);
  });

  it('asserts nothing non-null with `!`', () => {
    const asserted = files.filter((file) => file.nonNull > 0).map((file) => `${file.path}: ${file.nonNull}`);
    expect(asserted).toEqual([]);
  });
});

it('covers host, frame, runtime and protocol', () => {
  expect(RULED_PACKAGES).toEqual(['host', 'frame', 'runtime', 'protocol']);
});
