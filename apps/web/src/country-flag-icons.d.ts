// The package types its React components but not its per-flag string modules: each exports one SVG document.
declare module 'country-flag-icons/string/3x2/*' {
  const svg: string;
  export default svg;
}
