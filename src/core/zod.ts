// zod, as every schema here imports it: with jitless on before any schema parses. Zod probes
// whether it may compile validators with `new Function` the first time an object schema parses;
// the page's policy refuses eval (index.html), so the probe fails anyway, but it reports a policy
// violation. jitless skips the probe: the same validation, without the compiled fast path it could
// not use (nor needs: no schema here parses more than a payload's few fields).
//
// Set here rather than by the page's entry (it was src/zodConfig.ts): the schemas load only with
// the code that uses them (sharing, capsules, the walkthrough's channel), and importing zod at
// all, even for config(), put ~3 KB gzip of it in the page's first load (issue 11).
import { config, z } from 'zod';

config({ jitless: true });

export { z };
