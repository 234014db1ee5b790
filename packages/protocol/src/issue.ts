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

/** Says that a value could not even be read: a getter or proxy trap threw. */
export const UNREADABLE = 'could not be read (a getter threw)';

/** Turns a zod issue into a {@link FieldProblem} under `root` (`payload`, or `''` for the envelope). */
export function describeIssue(issue: IssueLike | undefined, root: string): FieldProblem {
  // A failed parse always has an issue; without one, the whole value is named.
  if (!issue) return { field: root || 'message', detail: 'invalid' };
  return {
    field: [root, ...issue.path].filter((part) => part !== '').join('.'),
    detail:
      issue.code === 'invalid_type' ? `expected ${issue.expected}`
      : issue.code === 'invalid_value' ? `expected one of ${(issue.values ?? []).join(', ')}`
      : issue.message,
  };
}
