import { isPlainObject, requireObject, requireOneOf, requireString } from '../checks.js';
import { InvalidArgumentError } from '../errors.js';

/** A user attribute applied to one render (or one embed session): `{ name, value }`. */
export interface UserAttribute {
  name: string;
  value: unknown;
}

/** Row-level-security inputs that apply to one render only and are never stored on the user. */
export interface RenderOverrides {
  groups?: string[];
  userAttributes?: UserAttribute[];
  securityContext?: Record<string, unknown>;
}

/**
 * Whose row-level security an export reflects (administrators only). The spec does not show this
 * object's shape; this client and the local emulator use `kind` plus the user's identifier.
 */
export type RenderAs =
  | (RenderOverrides & { kind: 'console'; email: string })
  | (RenderOverrides & { kind: 'embed'; externalId: string; embedTenantName?: string });

/** `^[a-z][a-z0-9-]{3,34}[a-z0-9]$` (SERVICE-NOTES.md). */
export const EMBED_TENANT_NAME = /^[a-z][a-z0-9-]{3,34}[a-z0-9]$/;

/** Checks `groups`, `userAttributes` and `securityContext` of `input` under `root`. */
export function checkOverrides(root: string, input: RenderOverrides): RenderOverrides {
  const out: RenderOverrides = {};
  if (input.groups !== undefined) {
    if (!Array.isArray(input.groups)) throw new InvalidArgumentError(`${root}groups`, `${root}groups must be an array of strings`);
    out.groups = input.groups.map((group, index) => requireString(`${root}groups.${index}`, group));
  }
  if (input.userAttributes !== undefined) {
    if (!Array.isArray(input.userAttributes))
      throw new InvalidArgumentError(`${root}userAttributes`, `${root}userAttributes must be an array of { name, value }`);
    out.userAttributes = input.userAttributes.map((attribute, index) => {
      if (!isPlainObject(attribute) || !('value' in attribute))
        throw new InvalidArgumentError(`${root}userAttributes.${index}`, `${root}userAttributes.${index} must be { name, value }`);
      return { name: requireString(`${root}userAttributes.${index}.name`, attribute.name), value: attribute.value };
    });
  }
  if (input.securityContext !== undefined) out.securityContext = requireObject(`${root}securityContext`, input.securityContext);
  return out;
}

/** An embed tenant name, checked against {@link EMBED_TENANT_NAME}. */
export function checkEmbedTenantName(field: string, value: unknown): string {
  if (typeof value !== 'string' || !EMBED_TENANT_NAME.test(value))
    throw new InvalidArgumentError(
      field,
      `${field} must be 5 to 36 characters of a-z, 0-9 and -, starting with a letter and not ending with - (got ${JSON.stringify(value)})`,
    );
  return value;
}

/** Checks a {@link RenderAs} and returns a copy with only the known fields. */
export function checkRenderAs(renderAs: unknown): RenderAs {
  const input = requireObject('renderAs', renderAs);
  const kind = requireOneOf('renderAs.kind', input.kind, ['console', 'embed'] as const);
  const overrides = checkOverrides('renderAs.', input as RenderOverrides);
  if (kind === 'console') return { kind, email: requireString('renderAs.email', input.email), ...overrides };
  return {
    kind,
    externalId: requireString('renderAs.externalId', input.externalId).trim().toLowerCase(),
    ...(input.embedTenantName === undefined ? {} : { embedTenantName: checkEmbedTenantName('renderAs.embedTenantName', input.embedTenantName) }),
    ...overrides,
  };
}
