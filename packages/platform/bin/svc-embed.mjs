#!/usr/bin/env node
// The svc-embed command line. Reads the API key from SVC_EMBED_API_KEY; see `svc-embed --help`.
import { runCli } from '../dist/esm/index.js';

process.exitCode = await runCli(process.argv.slice(2));
