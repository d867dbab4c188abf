// Inline SVG icons: font glyphs like ⏮ or ⑂ are missing from many Linux
// fonts and render as boxes, so nothing the UI relies on is a glyph.
const PATHS = {
  first: 'M5 4h2v16H5zM19 4v16L8 12z',
  prev: 'M17 4v16L6 12z',
  play: 'M7 4v16l13-8z',
  pause: 'M6 4h4v16H6zM14 4h4v16h-4z',
  next: 'M7 4v16l11-8z',
  last: 'M17 4h2v16h-2zM5 4v16l11-8z',
  ok: 'M9.5 16.2 5.3 12l-1.4 1.4 5.6 5.6L20.1 8.4 18.7 7z',
  threw: 'M18.3 5.7 16.9 4.3 12 9.2 7.1 4.3 5.7 5.7l4.9 4.9-4.9 4.9 1.4 1.4 4.9-4.9 4.9 4.9 1.4-1.4-4.9-4.9z',
  fork: 'M6 3a2 2 0 0 1 1 3.7V9a3 3 0 0 0 3 3h4a3 3 0 0 0 3-3V6.7a2 2 0 1 1 2 0V9a5 5 0 0 1-5 5h-1v3.3a2 2 0 1 1-2 0V14h-1a5 5 0 0 1-5-5V6.7A2 2 0 0 1 6 3z',
  retry: 'M12 4a8 8 0 0 1 7.7 6h-2.1A6 6 0 1 0 18 14h2.1A8 8 0 1 1 12 4zm5 1h4v4z',
  unknown: 'M11 17h2v2h-2zm1-12a4 4 0 0 1 2.3 7.3c-.8.6-1.3 1-1.3 2.2h-2c0-2 1-2.8 1.9-3.5A2 2 0 1 0 10 9H8a4 4 0 0 1 4-4z',
  info: 'M11 10h2v8h-2zm0-4h2v2h-2zm1-4a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16z',
  warn: 'M12 2 1 21h22zm-1 7h2v6h-2zm0 8h2v2h-2z'
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className = '', size = 14 }: { name: IconName; className?: string; size?: number }) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" width={size} height={size} className={`inline-block shrink-0 fill-current ${className}`}>
      <path d={PATHS[name]} />
    </svg>
  );
}
