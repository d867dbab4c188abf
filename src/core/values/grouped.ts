// Integers with thousands separators, '10485760' -> '10,485,760', without Intl.
//
// Why not toLocaleString('en-US'): the first call loads the locale data, about 17 ms in a fresh
// Node worker, and the replay worker and the CLI load this code fresh every replay (a module's
// message made at load time paid it on every start). A hardened realm has no locales either, and a
// document must read the same in every locale.

/** `n`, an integer, with a comma between each group of three digits. */
export function groupDigits(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
