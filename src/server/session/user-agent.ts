// A readable name for a User-Agent header, for the session list (docs/users.md, Sessions): "Firefox 128 on Windows".
// Only the common browsers and systems are told apart; anything else keeps its first product token. The order of the
// checks matters, since Edge and Opera also claim to be Chrome, and Chrome claims to be Safari.
const BROWSERS: [string, RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\bOPR\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//],
];

const SYSTEMS: [string, RegExp][] = [
  ['Android', /\bAndroid\b/],
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMac OS X\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Linux', /\bLinux\b/],
];

export function readableUserAgent(header: string | null | undefined): string | null {
  const value = header?.trim();
  if (!value) return null;
  const browser = BROWSERS.map(([name, pattern]) => {
    const match = pattern.exec(value);
    return match ? `${name} ${match[1]}` : undefined;
  }).find(Boolean) ?? value.split(/[\s/]/)[0].slice(0, 40);
  const system = SYSTEMS.find(([, pattern]) => pattern.test(value))?.[0];
  return system ? `${browser} on ${system}` : browser;
}
