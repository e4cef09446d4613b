import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { bodyPictureProblem, pagePictureNames, pictureFields, pictureFileProblem, pictureProblems } from '../../../src/lib/content/pictures';
import { postSchema } from '../../../src/lib/content/schemas';

let root: string;
const folders = () => ({ root, contentDir: 'content' });
const meta = {
  path: '/post/x',
  name: 'X',
  title: 'A post with pictures',
  description: 'A post whose pictures the content check reads before the build starts.',
  keywords: [],
  priority: 0.5,
  changefreq: 'monthly',
  noindex: false,
  aliases: [],
};

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'content-pictures-'));
  mkdirSync(join(root, 'content', 'images'), { recursive: true });
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).jpeg().toBuffer();
  writeFileSync(join(root, 'content', 'images', 'team.jpg'), photo);
  writeFileSync(join(root, 'content', 'images', 'phone.jpg'), Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic'));
  writeFileSync(join(root, 'content', 'images', 'half.jpg'), photo.subarray(0, 20));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the file of a picture', () => {
  it('must be there, and be a JPEG, PNG or WebP the build can read', () => {
    expect(pictureFileProblem('/images/team.jpg', folders())).toBeUndefined();
    expect(pictureFileProblem('/images/gone.jpg', folders())).toBe(
      'no picture /images/gone.jpg in content/images: upload it in the CMS, or correct the name',
    );
    for (const src of ['/images/phone.jpg', '/images/half.jpg'])
      expect(pictureFileProblem(src, folders())).toMatch(new RegExp(`^${src} cannot be read as a JPEG, PNG or WebP picture .*upload it again$`));
  });
});

describe('a picture in a body', () => {
  it('is an uploaded picture with alt text, or marked as decoration', () => {
    expect(bodyPictureProblem({ src: '/images/team.jpg', alt: 'The team', decorative: false }, folders())).toBeUndefined();
    expect(bodyPictureProblem({ src: '/images/team.jpg', alt: '', decorative: true }, folders())).toBeUndefined();
    expect(bodyPictureProblem({ src: '/images/team.jpg', alt: '', decorative: false }, folders())).toBe(
      'the picture /images/team.jpg has no alt text: say what it shows, ![The team at the offsite](/images/team.jpg), or mark it as decoration, ![](/images/team.jpg "decorative")',
    );
    expect(bodyPictureProblem({ src: 'https://cdn.example/x.jpg', alt: 'x', decorative: false }, folders())).toMatch(
      /^the picture https:\/\/cdn\.example\/x\.jpg is on another site, .* upload it in the CMS instead$/,
    );
    expect(bodyPictureProblem({ src: './team.jpg', alt: 'x', decorative: false }, folders())).toMatch(
      /^\.\/team\.jpg is not an uploaded picture: upload it in the CMS, which names it \/images\/<name>/,
    );
    expect(bodyPictureProblem({ src: '/images/gone.png', alt: 'x', decorative: false }, folders())).toMatch(/^no picture \/images\/gone\.png/);
  });
});

describe('pictureFields', () => {
  it('finds the fields the schema marks as pictures: a cover, a social image', () => {
    const data = postSchema.parse({
      meta: { ...meta, image: { src: '/images/share.png', alt: 'Shared' } },
      published: '2026-01-01',
      author: 'A',
      cover: { src: '/images/team.jpg', alt: 'The team' },
      links: [{ label: 'Not a picture', href: '/images/brochure.jpg' }],
    });
    expect(pictureFields(postSchema, data)).toEqual([
      { path: ['meta', 'image', 'src'], src: '/images/share.png', onPage: false },
      { path: ['cover', 'src'], src: '/images/team.jpg', onPage: true },
    ]);
    // What the page shows goes through the image pipeline: the cover and the body's pictures, not the social image.
    expect(pagePictureNames(postSchema, data, '![A](/images/a.jpg)\n![B](https://x.example/b.jpg)')).toEqual(['/images/team.jpg', '/images/a.jpg']);
  });
});

describe('pictureProblems', () => {
  it('names the file, the field (a body’s line in the file) and what to do, one line each', () => {
    const data = postSchema.parse({ meta, published: '2026-01-01', author: 'A', cover: { src: '/images/gone.jpg', alt: 'Gone' } });
    const body = { text: 'Intro.\n\n![](/images/team.jpg)\n\n![Phone](/images/phone.jpg)\n', firstLine: 12 };
    const lines = pictureProblems({ ...folders(), file: 'content/posts/x.md', schema: postSchema, data, body });
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^content\/posts\/x\.md › cover\.src: no picture \/images\/gone\.jpg in content\/images: upload it in the CMS, or correct the name — A photo or picture uploaded in the CMS/);
    expect(lines[1]).toMatch(/^content\/posts\/x\.md › body, line 14: the picture \/images\/team\.jpg has no alt text: .* — A picture in the text: upload it in the CMS/);
    expect(lines[2]).toMatch(/^content\/posts\/x\.md › body, line 16: \/images\/phone\.jpg cannot be read/);
  });

  it('has nothing to say of a file whose pictures are all usable', () => {
    const data = postSchema.parse({ meta, published: '2026-01-01', author: 'A', cover: { src: '/images/team.jpg', alt: '', decorative: true } });
    const body = { text: '![The team](/images/team.jpg)\n', firstLine: 10 };
    expect(pictureProblems({ ...folders(), file: 'content/posts/x.md', schema: postSchema, data, body })).toEqual([]);
  });
});
