// File names that arrive in a link or a capsule become names the app shows and the replay's loader
// resolves imports against; in a capsule they are also paths inside a zip that a person may extract
// with any tool. So only plain relative paths pass: no '..', no absolute or drive paths, no
// backslashes (a separator on Windows), no empty or '.' segments.

/** Why `name` is not a safe relative file name, or undefined when it is. */
export function unsafeFileName(name: string): string | undefined {
  if (name === '') return 'the name is empty';
  if (name.includes('\u0000')) return 'the name holds a NUL character';
  if (name.includes('\\')) return 'the name holds a backslash, a path separator on Windows';
  if (name.startsWith('/')) return 'the name is an absolute path';
  if (/^[A-Za-z]:/.test(name)) return 'the name starts with a drive letter';
  const segments = name.split('/');
  if (segments.includes('..')) return "the name climbs out of its folder with '..'";
  if (segments.some((s) => s === '' || s === '.')) return "the name has an empty or '.' segment";
  return undefined;
}
