import type * as z from 'zod/mini';

/**
 * The message of an `InvalidResponseError` for the first zod issue of a response: the field rooted
 * at `root` (for example `body.data`), then what was wrong with it. The protocol's `describeIssue`
 * answers the same question as data (`FieldProblem`) for a message's payload; this one is text.
 */
export function issueMessage(issue: z.core.$ZodIssue | undefined, root: string): string {
  if (!issue) return `${root} is invalid`;
  const field = [root, ...issue.path.map(String)].join('.');
  if (issue.code === 'invalid_type') return `${field} expected ${issue.expected}`;
  if (issue.code === 'invalid_value') return `${field} expected one of ${(issue.values ?? []).map(String).join(', ')}`;
  if (issue.code === 'invalid_format') return `${field} has an invalid format (${issue.message})`;
  return `${field} is invalid (${issue.message})`;
}
