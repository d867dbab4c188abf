// What the e2e tests call a frozen tab. Performance figures (frame times, key latency, p95s) are
// printed by npm run bench:browser and never asserted in e2e: on a busy 2-core CI machine they
// move by 3× with nothing wrong. A task this long is the other kind of failure, work back on the
// UI thread, which takes seconds at these sizes; the busiest neighbour seen here cost 237 ms.
export const FREEZE_MS = 500;
