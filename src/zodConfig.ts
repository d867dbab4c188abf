// Imported first by main.tsx, before any schema is used. Zod probes whether it may compile
// validators with `new Function` the first time an object schema parses; the page's policy
// refuses eval (index.html), so the probe fails anyway, but it reports a policy violation.
// jitless skips the probe: the same validation, without the compiled fast path it could not use.
import { config } from 'zod';

config({ jitless: true });
