/** The part of a zod issue that reasons are built from. */
interface IssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  expected?: string;
  values?: unknown[];
}

/** A failed check, with the dotted path of the field and what was wrong with it. */
export interface FieldProblem {
  /** Dotted path, for example `payload.format`; `payload` for the payload itself. */
  field: string;
  /** What the field should have been, for example `expected one of csv, xlsx, png, pdf`. */
  detail: string;
}

/** Turns the first zod issue into a {@link FieldProblem} rooted at `root`. */
export function describeIssue(issue: IssueLike, root: string): FieldProblem {
  const field = [root, ...issue.path.map(String)].filter(Boolean).join('.') || 'message';
  let detail: string;
  if (issue.code === 'invalid_type') detail = `expected ${issue.expected}`;
  else if (issue.code === 'invalid_value') detail = `expected one of ${(issue.values ?? []).map(String).join(', ')}`;
  else if (issue.code === 'custom') detail = issue.message;
  else if (issue.code === 'too_small') detail = 'must not be empty';
  else detail = `is invalid (${issue.code})`;
  return { field, detail };
}
