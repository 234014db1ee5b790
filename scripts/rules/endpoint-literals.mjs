// The rule "no endpoint literal": the session endpoint's answer codes and routes are written in one
// place, the protocol's contract module (packages/protocol/src/session-endpoint.ts); anywhere else
// the code takes them from it (`ENDPOINT_CODES.signedOut`, `ENDPOINT_ROUTES.logout.path(base)`), so
// the server's answers and the host's parsing cannot drift apart.
//
// A finding is a string literal (or template text) in code, not in a type, that is
// - one of the contract's answer codes (read from its `ENDPOINT_STATUS`, so a new code is ruled at
//   once): 'forbidden-origin', 'unknown-session', 'signed-out', ...; or
// - a route: text that holds the sign-out route's `/logout`.
// Codes are looked for where the endpoint's HTTP is spoken: the server (packages/server/src/) and the
// host's endpoint client (packages/host/src/endpoint/); elsewhere the same spellings name other
// things (the host's EmbedError codes and phases, React's and Vue's `signed-out` status). Routes are
// looked for in every ruled file.
// Not a finding (another concept that shares a spelling, stated here):
// - the contract module itself;
// - a literal type (`kind: 'signed-out'` in a union): the compiler checks those where they meet the contract's types;
// - the code of another error class: the first argument of `new <Name>Error(...)` other than
//   `EndpointError` (the host's `EmbedError` codes name its refusals after the endpoint's:
//   'signed-out', 'mint-failed', 'revoke-failed');
// - a `kind` or `outcome` (`{ kind: 'signed-out' }`, `record.kind === 'signed-out'`), or a literal
//   listed with literals that are no codes (`['recorded', 'signed-out']`, `x ? 'signed-out' : 'recorded'`):
//   a store's or a record's outcome, not an answer.
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The contract module, relative to the repository's root. */
export const CONTRACT = join('packages', 'protocol', 'src', 'session-endpoint.ts');

/** Where codes are looked for: the two halves' HTTP code (also below another folder: the rule's fixtures). */
const CODE_FOLDERS = /(?:^|\/)packages\/(?:server\/src|host\/src\/endpoint)\//;

/** The start of this rule's findings. */
export const ENDPOINT_LITERAL = 'endpoint literal';

/** The answer codes, read from the contract's `ENDPOINT_STATUS` (each `'code': status,` line). */
export function contractCodes(root) {
  const text = readFileSync(join(root, CONTRACT), 'utf8');
  const table = text.slice(text.indexOf('export const ENDPOINT_STATUS'));
  return new Set([...table.slice(0, table.indexOf('};')).matchAll(/^\s+'?([\w-]+)'?: \d{3},$/gm)].map((match) => match[1]));
}

/** A checker for one repository: `(ts, node, path) => rule | undefined`. */
export function endpointLiteralRule(root) {
  let codes;
  return (ts, node, path) => {
    if (!ts.isStringLiteralLike(node) && !ts.isTemplateHead(node) && !ts.isTemplateMiddle(node) && !ts.isTemplateTail(node)) return undefined;
    if (relative(root, path) === CONTRACT || inType(ts, node) || ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent)) return undefined;
    codes ??= contractCodes(root);
    if (/\/logout\b/.test(node.text)) return `${ENDPOINT_LITERAL}: the route '${node.text}' (take it from ${CONTRACT})`;
    if (!CODE_FOLDERS.test(relative(root, path).split(sep).join('/')) || !codes.has(node.text) || anotherConcept(ts, node, codes)) return undefined;
    return `${ENDPOINT_LITERAL}: the code '${node.text}' (take it from ${CONTRACT})`;
  };
}

/** Whether the literal stands in a type (a literal type). */
function inType(ts, node) {
  return ts.isLiteralTypeNode(node.parent);
}

/** Whether the literal is another error's code, or a kind or outcome: see the list at the top. */
function anotherConcept(ts, node, codes) {
  const parent = node.parent;
  const listed = ts.isArrayLiteralExpression(parent) ? parent.elements : ts.isConditionalExpression(parent) ? [parent.whenTrue, parent.whenFalse] : [];
  if (listed.some((other) => ts.isStringLiteralLike(other) && !codes.has(other.text))) return true;
  if (ts.isNewExpression(parent) && parent.arguments?.[0] === node) return parent.expression.getText() !== 'EndpointError';
  if (ts.isPropertyAssignment(parent)) return ['kind', 'outcome'].includes(parent.name.getText());
  if (ts.isBinaryExpression(parent)) {
    const other = parent.left === node ? parent.right : parent.left;
    return /\.(kind|outcome)$/.test(other.getText());
  }
  return false;
}
