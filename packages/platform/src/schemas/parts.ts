import * as z from 'zod/mini';

// Building blocks of the §2 records. Reading of the spec applied throughout: a field is required only
// where the spec says so (a "Required: yes" column, the word "required", or a record whose table lists
// its fields without optionality); it is nullable only where the spec says "or null" or "nullable".
// Fields the spec calls "optional nullable", or nullable without saying required, accept null and absence.

/** `createdAt`/`updatedAt`: an ISO 8601 date (`2024-05-01`) or date-time (`2024-05-01T10:00:00Z`). */
export const dateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** An ISO 8601 date-time with `Z` or an offset. */
export const dateTime = z.iso.datetime({ offset: true });

/** A free-form JSON object. */
export const freeObject = z.record(z.string(), z.unknown());

/** A field that may be absent or null. */
export const optionalNullable = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));

/** Kinds of workspace items. */
export const WORKSPACE_ITEM_TYPES = ['FOLDER', 'WORKBOOK', 'REPORT'] as const;

/** `FOLDER`, `WORKBOOK` or `REPORT`. */
export const workspaceItemTypeSchema = z.enum(WORKSPACE_ITEM_TYPES);

/** One of {@link WORKSPACE_ITEM_TYPES}. */
export type WorkspaceItemType = z.infer<typeof workspaceItemTypeSchema>;
