/** The one disk reader of content/ (src/lib/content/read.ts), on the fixture content and files made here. */
import { describe, it, expect, afterAll } from 'vitest';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  modelOf,
  parseYamlText,
  readContent,
  readDocument,
  readListItems,
  readProductCategories,
  readRedirectsOf,
  readSite,
  sourceFiles,
} from '../../../src/lib/content/read';
import { ContentError } from '../../../src/lib/content/validate';
import { FIXTURE_CONTENT, fixtureValues } from '../../fixtures';

const root = mkdtempSync(join(tmpdir(), 'content-read-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const path = join(root, name);
  writeFileSync(path, text);
  return path;
};

describe('parsing', () => {
  it('names the line of a YAML syntax error in the file, counting from where the text starts', () => {
    expect(parseYamlText('a: [1\n', 1).problem).toMatch(/^YAML syntax error on line \d+, column \d+: /);
    expect(readDocument(file('bad.md', '---\ntitle: ok\nlist: [a\n---\nbody\n'), 'markdown').problem).toMatch(/line [34],/);
  });
  it("reads a markdown file's frontmatter and refuses one without it", () => {
    expect(readDocument(file('ok.md', '---\ntitle: Hi\n---\nBody {brand}\n'), 'markdown').data).toEqual({ title: 'Hi' });
    expect(readDocument(file('none.md', 'title: Hi\n'), 'markdown').problem).toMatch(/^missing frontmatter/);
  });
});

describe('files', () => {
  it("lists a folder's files in name order with their entry ids, drafts and other extensions left out", () => {
    const dir = join(root, 'content');
    cpSync(FIXTURE_CONTENT, dir, { recursive: true });
    writeFileSync(join(dir, 'posts', '_draft.md'), '---\n---\n');
    writeFileSync(join(dir, 'posts', 'notes.txt'), '');
    const posts = modelOf(dir).find((s) => s.name === 'posts')!;
    expect(sourceFiles(dir, posts).map((f) => f.id)).toEqual(['first', 'second']);
  });
});

describe('reading the fixture content', () => {
  const content = readContent(FIXTURE_CONTENT);

  it('reads every part of the model, placeholders filled, with no problem', () => {
    expect(content.problems).toEqual([]);
    expect([...content.documents.keys()]).toEqual(modelOf(FIXTURE_CONTENT).map((s) => s.name));
    expect(content.site?.feed.title).toBe('Acme News');
  });
  it("keeps each file's run-time slots as written: {page} of the blog's words, {query} of the search copy", () => {
    const blog = content.documents.get('pages')!.find((d) => d.id === 'blog')!.data as { listing: { later: { name: string } } };
    expect(blog.listing.later.name).toBe('Page {page}');
    const search = content.documents.get('search')![0].data as { search: { page: { status: { none: string } } } };
    expect(search.search.page.status.none).toContain('{query}');
  });
  it('reads the site unfilled, the lists and categories as written, the redirects filled', () => {
    expect(readSite(FIXTURE_CONTENT).feed.title).toBe('{brand} News');
    expect(readProductCategories(FIXTURE_CONTENT)).toEqual(['Tools', 'Games']);
    expect(readListItems(FIXTURE_CONTENT, 'claims').length).toBeGreaterThan(0);
    expect(readRedirectsOf(FIXTURE_CONTENT, fixtureValues)).toContainEqual({ from: '/acme-widgets', to: '/widget' });
  });
  it('reads no categories from a folder without the list, and refuses a site.yaml that is missing', () => {
    expect(readProductCategories(root)).toEqual([]);
    expect(() => readSite(root)).toThrow(ContentError);
  });
});
