/**
 * `virtual:editor-pictures`: every editor's picture a page shows (`shown`:
 * their names, from the content) imported as an image module, by the name
 * content gives it (/images/team.jpg), so the pages hand astro:assets the
 * picture's metadata whatever folder CONTENT_DIR names (a glob in code could
 * only name a fixed one). Only those: Astro publishes an imported picture's
 * original file unless it only made versions of it, so an upload no page shows
 * (or one only shared as a social card) must not be imported at all. In
 * `astro dev` the list follows the folders and the content: a new upload or
 * picture is there on the next page load.
 */
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { allPictureFiles, pictureFolders, type PictureFolders } from './files';

export const PICTURES_MODULE = 'virtual:editor-pictures';
const RESOLVED = `\0${PICTURES_MODULE}`;

/** The module's code: one import per picture, and a Map from its name to its metadata. */
export function picturesModuleCode(files: ReadonlyMap<string, string>): string {
  const entries = [...files.entries()];
  const imports = entries.map(([, file], i) => `import picture${i} from ${JSON.stringify(file.split('\\').join('/'))};`);
  const map = entries.map(([src], i) => `[${JSON.stringify(src)}, picture${i}]`);
  return `${imports.join('\n')}\nexport default new Map([${map.join(', ')}]);\n`;
}

export interface EditorPicturesOptions extends PictureFolders {
  /** The names of the pictures the pages show. */
  shown: () => ReadonlySet<string>;
}

/** The pictures of the folders that the pages show, by name. */
export function shownFiles({ shown, ...folders }: EditorPicturesOptions): Map<string, string> {
  const names = shown();
  return new Map([...allPictureFiles(folders)].filter(([name]) => names.has(name)));
}

export function editorPictures(options: EditorPicturesOptions): Plugin {
  // A change to a picture or to the content can change the list.
  const watched = [...pictureFolders(options), resolve(options.root ?? process.cwd(), options.contentDir)];
  return {
    name: 'editor-pictures',
    resolveId: (id) => (id === PICTURES_MODULE ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? picturesModuleCode(shownFiles(options)) : undefined),
    configureServer(server) {
      server.watcher.add(watched);
      const changed = (file: string) => {
        if (!watched.some((folder) => file.startsWith(folder))) return;
        for (const environment of Object.values(server.environments)) {
          const module = environment.moduleGraph.getModuleById(RESOLVED);
          if (module) environment.moduleGraph.invalidateModule(module);
        }
      };
      for (const event of ['add', 'change', 'unlink'] as const) server.watcher.on(event, changed);
    },
  };
}
