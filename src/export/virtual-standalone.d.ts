/** The pieces of the exported standalone module, bundled at build time (scripts/vite-standalone-plugin.ts). */
declare module 'virtual:loopscope-standalone' {
  const pieces: import('./standalone-module').StandalonePieces;
  export default pieces;
}
