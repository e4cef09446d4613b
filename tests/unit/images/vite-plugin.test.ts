import { describe, it, expect } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { editorPictures, PICTURES_MODULE, picturesModuleCode, pipelineFiles, shownFiles } from '../../../src/lib/images/vite-plugin';

describe('the editor pictures module', () => {
  it('imports each picture and maps its name to it', () => {
    const code = picturesModuleCode(
      new Map([
        ['/images/team.jpg', '/repo/content/images/team.jpg'],
        ['/images/old.png', 'C:\\repo\\public\\images\\old.png'],
      ]),
    );
    expect(code).toBe(
      'import picture0 from "/repo/content/images/team.jpg";\nimport picture1 from "C:/repo/public/images/old.png";\n' +
        'export default new Map([["/images/team.jpg", picture0], ["/images/old.png", picture1]]);\n',
    );
    expect(picturesModuleCode(new Map())).toBe('\nexport default new Map([]);\n');
  });

  it('holds only the pictures the pages show: an upload no page shows is never imported, so never published', () => {
    const root = mkdtempSync(join(tmpdir(), 'editor-pictures-'));
    try {
      mkdirSync(join(root, 'content', 'images'), { recursive: true });
      for (const name of ['shown.jpg', 'unused.jpg', 'shared-only.png']) writeFileSync(join(root, 'content', 'images', name), 'x');
      const files = shownFiles({ root, contentDir: 'content', shown: () => new Set(['/images/shown.jpg', '/images/missing.jpg']) });
      expect(files).toEqual(new Map([['/images/shown.jpg', join(root, 'content', 'images', 'shown.jpg')]]));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('gives the pipeline a wide upload’s narrower copy from the masters folder, a narrow one as it is', async () => {
    const root = mkdtempSync(join(tmpdir(), 'editor-pictures-'));
    try {
      mkdirSync(join(root, 'content', 'images'), { recursive: true });
      const picture = (width: number) =>
        sharp({ create: { width, height: 100, channels: 3, background: '#123456' } })
          .jpeg()
          .toBuffer();
      writeFileSync(join(root, 'content', 'images', 'wide.jpg'), await picture(3000));
      writeFileSync(join(root, 'content', 'images', 'narrow.jpg'), await picture(800));
      const options = {
        root,
        contentDir: 'content',
        shown: () => new Set(['/images/wide.jpg', '/images/narrow.jpg']),
        mastersDir: join(root, 'masters'),
      };
      const files = await pipelineFiles(options);
      expect(files.get('/images/narrow.jpg')).toBe(join(root, 'content', 'images', 'narrow.jpg'));
      expect(files.get('/images/wide.jpg')).toMatch(new RegExp(`^${join(root, 'masters')}/wide-[0-9a-f]{16}\\.jpg$`));
      const { mastersDir: _none, ...withoutMasters } = options;
      expect((await pipelineFiles(withoutMasters)).get('/images/wide.jpg')).toBe(join(root, 'content', 'images', 'wide.jpg'));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('is served under its virtual name only', async () => {
    const plugin = editorPictures({ contentDir: 'tests/fixtures/content', shown: () => new Set() });
    const resolveId = plugin.resolveId as (id: string) => string | undefined;
    const load = plugin.load as (id: string) => Promise<string | undefined>;
    const resolved = resolveId(PICTURES_MODULE)!;
    expect(resolved).toBe('\0virtual:editor-pictures');
    expect(resolveId('./other.ts')).toBeUndefined();
    expect(await load(resolved)).toContain('export default new Map(');
    expect(await load('/some/file.ts')).toBeUndefined();
  });
});
