// punycode.js ships no types; Cairn uses only its decoder (imported by file, not the bare name, so
// no bundler mistakes it for Node's built-in module).
declare module 'punycode/punycode.es6.js' {
  export function toUnicode(domain: string): string;
}
