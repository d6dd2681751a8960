import { z } from 'zod';

// Imported first by each entry, before any module that parses with zod: zod v4 probes
// `new Function` the first time it parses an object, to compile a faster parser. The app's
// Content-Security-Policy forbids eval (no 'unsafe-eval'), so the probe only raised a CSP
// violation on every page; jitless parsing is what the browser could run anyway.
z.config({ jitless: true });
