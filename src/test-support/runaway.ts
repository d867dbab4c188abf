// The one time bound a unit test may assert, for inputs built to make code run away: a regular
// expression that backtracks, a scan that goes quadratic. Those take minutes or never end; a busy
// 2-core CI machine makes the honest path at most a few times slower than its ~0.1–0.5 s here. The
// bound only tells the two apart, so it is far from either. Where the work itself can be counted
// (bytes inflated, passes made), tests count it instead, as capsule.test.ts does.
export const RUNAWAY_MS = 5_000;
