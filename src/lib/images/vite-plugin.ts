/**
 * `virtual:editor-pictures`: every editor's picture a page shows (`shown`:
 * their names, from the content) imported as an image module, by the name
 * content gives it (/images/team.jpg), so the pages hand astro:assets the
 * picture's metadata whatever folder CONTENT_DIR names (a glob in code could
 * only name a fixed one). Only those: Astro publishes an imported picture's
 * original file unless it only made versions of it, so an upload no page shows
 * (or one only shared as a social card) must not be imported at all. In
 * `astro dev` the list follows the folders and the content: a new upload or
 * picture is there on the next page load. A wide upload is given as its
 * narrower copy in the build cache (./masters.ts).
 */
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';
import { allPictureFiles, pictureFolders, type PictureFolders } from './files';
import { masterOf, pruneMasters, readIndex, writeIndex } from './masters';

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
  /** Where narrower copies of wide uploads are kept between builds; none: the uploads themselves. */
  mastersDir?: string;
}

/** Uploads read and copied at once: a few, not a hundred 4 MB photos in memory together. */
const AT_ONCE = 4;

/** The shown pictures by name, each the file to give the pipeline: its narrower copy when it has one. */
export async function pipelineFiles(options: EditorPicturesOptions): Promise<Map<string, string>> {
  const files = [...shownFiles(options)];
  if (!options.mastersDir) return new Map(files);
  const dir = options.mastersDir;
  const index = readIndex(dir);
  const given: [string, string][] = [];
  for (let i = 0; i < files.length; i += AT_ONCE)
    given.push(
      ...(await Promise.all(
        files.slice(i, i + AT_ONCE).map(async ([name, file]) => [name, await masterOf(file, dir, index)] as [string, string]),
      )),
    );
  // The index keeps this build's uploads only; copies no build used for a month leave the folder.
  writeIndex(dir, Object.fromEntries(files.flatMap(([, file]) => (index[file] ? [[file, index[file]]] : []))));
  pruneMasters(dir, new Set(given.map(([, file]) => basename(file))));
  return new Map(given);
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
    load: async (id) => (id === RESOLVED ? picturesModuleCode(await pipelineFiles(options)) : undefined),
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

/** The plugin as an Astro integration, so the copies go to the build's own cache folder (Astro's cacheDir, which a test build sets). */
export function editorPicturesIntegration(options: Omit<EditorPicturesOptions, 'mastersDir'>): AstroIntegration {
  return {
    name: 'editor-pictures',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        updateConfig({
          vite: { plugins: [editorPictures({ ...options, mastersDir: join(fileURLToPath(config.cacheDir), 'editor-pictures') })] },
        });
      },
    },
  };
}
