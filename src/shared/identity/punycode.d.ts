// punycode.js ships no types; the one function used here. (The bare name `punycode` would
// resolve to Node's deprecated built-in module, hence the file path.)
declare module 'punycode/punycode.js' {
  const punycode: { toUnicode(domain: string): string };
  export default punycode;
}
