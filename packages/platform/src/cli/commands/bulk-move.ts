import { readFile } from 'node:fs/promises';
import { isPlainObject } from '../../checks.js';
import type { Command } from '../command.js';
import { formatTable } from '../format.js';
import { deploymentId, integer, required } from '../option-values.js';
import { UsageError } from '../usage-error.js';

/** Exit code when the request went through but some items were not moved. */
const EXIT_ITEMS_FAILED = 3;

/** Reads `[{ type, id }, ...]` or `{ items: [...], folderId }` from the file. */
async function readMoveFile(path: string): Promise<{ items: unknown; folderId?: unknown }> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`--file ${path} is not a readable JSON file (${(error as Error).message})`);
  }
  if (Array.isArray(parsed)) return { items: parsed };
  if (isPlainObject(parsed) && Array.isArray(parsed.items)) return parsed as { items: unknown; folderId?: unknown };
  throw new UsageError(`--file ${path} must hold an array of { type, id } or { "items": [...], "folderId": ... }`);
}

/** `svc-embed workspace bulk-move`: moves the items of a JSON file in batches of up to 100. */
export const bulkMoveCommand: Command = {
  name: 'workspace bulk-move',
  summary: 'Move workspace items listed in a JSON file into a folder (or the root)',
  options: {
    deployment: { type: 'string', valueName: 'id', description: 'deployment id (required)' },
    file: { type: 'string', short: 'f', valueName: 'items.json', description: '[{ "type": "WORKBOOK", "id": 7 }, ...] or { "items": [...], "folderId": 3 } (required)' },
    folder: { type: 'string', valueName: 'id', description: 'destination folder (overrides folderId of the file)' },
    root: { type: 'boolean', description: 'move to the workspace root' },
    'batch-size': { type: 'string', valueName: 'n', description: 'items per request, 1-100 (default 100)' },
  },
  examples: ['svc-embed workspace bulk-move --deployment 42 --file items.json --folder 11', 'svc-embed workspace bulk-move --deployment 42 --file items.json --root'],
  async run({ client, io, json, values }) {
    const file = await readMoveFile(required(values, 'file'));
    const folder = integer(values, 'folder', 1);
    if (folder !== undefined && values.root) throw new UsageError('give --folder or --root, not both');
    const folderId = values.root ? null : (folder ?? file.folderId);
    if (folderId === undefined) throw new UsageError('give --folder <id> or --root (or folderId in the file)');
    const result = await client.bulkMoveInBatches(deploymentId(values), {
      items: file.items as never,
      folderId: folderId as number | null,
      batchSize: integer(values, 'batch-size', 1),
    });
    if (json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    else {
      io.stdout.write(`moved ${result.moved.length}, failed ${result.failed.length}\n`);
      if (result.failed.length)
        io.stdout.write(formatTable(['TYPE', 'ID', 'STATUS', 'REASON'], result.failed.map((f) => [f.type, String(f.id), String(f.error.status), f.error.message])));
    }
    return result.failed.length ? EXIT_ITEMS_FAILED : 0;
  },
};
