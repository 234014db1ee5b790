// The script-tag page: the demo UI around the global SvcEmbed (a file, not inline code, so the
// page's strict Content Security Policy needs no 'unsafe-inline').
import { mountDemo } from '/app/demo.js';

mountDemo(window.SvcEmbed, { build: 'script' });
