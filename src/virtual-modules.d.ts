// Modules the build makes (a script file, not a module, so these declare modules rather than augment them).

declare module 'virtual:editor-pictures' {
  /** Every editor's picture by the name content gives it (/images/team.jpg): src/lib/images/vite-plugin.ts. */
  const pictures: Map<string, import('astro').ImageMetadata>;
  export default pictures;
}
