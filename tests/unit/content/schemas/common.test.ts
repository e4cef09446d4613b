/** The shared building blocks of the content schemas (src/lib/content/schemas/common.ts): page metadata, site paths, pictures. */
import { describe, it, expect } from 'vitest';
import { imageFile, metaSchema, pictureSchema, sitePath } from '../../../../src/lib/content/schemas';

const goodMeta = {
  path: '/about',
  name: 'About',
  title: 'About {brand}',
  description: 'Learn about the company, its mission, its values and the team behind every product.',
  keywords: ['about'],
  priority: 0.8,
  changefreq: 'monthly',
};

function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('page metadata schema', () => {
  it('accepts a valid entry and defaults noindex and aliases', () => {
    const parsed = metaSchema.parse(goodMeta);
    expect(parsed.noindex).toBe(false);
    expect(parsed.aliases).toEqual([]);
  });

  it.each([
    ['title', 'Hi', /title/],
    ['title', 'x'.repeat(71), /title/],
    ['description', 'Too short.', /description/],
    ['description', 'x'.repeat(161), /description/],
    ['priority', 0.2, /priority/],
    ['priority', 1.1, /priority/],
    ['changefreq', 'daily', /changefreq/],
    ['path', '/About/', /path/],
    ['keywords', Array.from({ length: 13 }, (_, i) => `k${i}`), /keywords/],
  ])('refuses %s = %j and names the field', (field, value, expected) => {
    const result = metaSchema.safeParse({ ...goodMeta, [field]: value });
    expect(result.success).toBe(false);
    expect(issues(result).join('\n')).toMatch(expected);
  });

  it('leaves keywords, priority and changefreq optional (search engines ignore them), with defaults', () => {
    const { keywords: _k, priority: _p, changefreq: _c, ...required } = goodMeta;
    expect(metaSchema.parse(required)).toMatchObject({ keywords: [], priority: 0.5, changefreq: 'monthly' });
    expect(metaSchema.parse({ ...required, keywords: [] }).keywords).toEqual([]);
  });

  it('refuses unknown fields, so a typo is not silently ignored', () => {
    const result = metaSchema.safeParse({ ...goodMeta, tittle: 'About' });
    expect(result.success).toBe(false);
    expect(issues(result).join('\n')).toMatch(/tittle/);
  });
});

describe('site paths', () => {
  it.each(['/', '/about', '/join-{slug}', '/services/managed-business'])('accepts %s', (p) => {
    expect(sitePath.safeParse(p).success).toBe(true);
  });
  it.each(['about', '/about/', '/About', '/a b', 'https://x.example/'])('refuses %s', (p) => {
    expect(sitePath.safeParse(p).success).toBe(false);
  });
});

describe('an editor’s picture', () => {
  it('names an upload: /images/<name> of a JPEG, PNG or WebP, whatever the case of its extension', () => {
    for (const src of ['/images/team.jpg', '/images/2026/Team.JPEG', '/images/logo.PNG', '/images/a.webp'])
      expect(imageFile.safeParse(src).success, src).toBe(true);
    for (const src of ['/images/a.gif', 'images/a.jpg', '/public/images/a.jpg', 'https://x.example/a.jpg'])
      expect(imageFile.safeParse(src).success, src).toBe(false);
  });

  it('needs alt text, unless it is marked as decoration', () => {
    expect(pictureSchema.parse({ src: '/images/team.jpg', alt: ' The team ' })).toEqual({ src: '/images/team.jpg', alt: 'The team', decorative: false });
    expect(pictureSchema.parse({ src: '/images/rule.png', decorative: true })).toEqual({ src: '/images/rule.png', alt: '', decorative: true });
    expect(issues(pictureSchema.safeParse({ src: '/images/team.jpg' }))).toEqual([
      'alt: missing: say what the picture shows, or switch on `decorative` if it is only decoration',
    ]);
    expect(issues(pictureSchema.safeParse({ src: '/images/team.jpg', alt: '   ' }))).toHaveLength(1);
    expect(issues(pictureSchema.safeParse({ src: '/images/team.jpg', alt: 'x', caption: 'y' }))).toEqual([': Unrecognized key: "caption"']);
  });
});
