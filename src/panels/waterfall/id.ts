// The waterfall's element id, apart from the waterfall itself: the Steps panel focuses it, and
// importing it must not bring the (lazily loaded) canvas code into the first paint.
export const WATERFALL_ID = 'steps-waterfall';
