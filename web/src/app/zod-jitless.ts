import { z } from 'zod';

// The server's CSP has no 'unsafe-eval': zod's compiled parsers probe `new Function`, which the browser refuses
// and reports as a CSP violation on every load. Imported first by the entry, before any schema parses.
z.config({ jitless: true });
