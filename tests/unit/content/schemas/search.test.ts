/** The words of /search and the not-found page (src/lib/content/schemas/search.ts): a text missing its run-time slot is refused. */
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { searchCopySchema } from '../../../../src/lib/content/schemas';
import { FIXTURE_CONTENT } from '../../../fixtures';

const copy = (parse(readFileSync(join(FIXTURE_CONTENT, 'search.yaml'), 'utf8')) as { search: unknown }).search;

describe('search copy', () => {
  it('accepts the copy of the fixture content', () => {
    const result = searchCopySchema.safeParse(copy);
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
  });

  it('refuses a status text without the words the browser fills in', () => {
    const parsed = searchCopySchema.parse(copy);
    const broken = { ...parsed, page: { ...parsed.page, status: { ...parsed.page.status, many: 'Several results.' } } };
    const result = searchCopySchema.safeParse(broken);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'page.status.many: must contain {count} and {query}',
    ]);
    const noPath = { ...parsed, notFound: { ...parsed.notFound, text: 'This page does not exist.' } };
    expect(searchCopySchema.safeParse(noPath).success).toBe(false);
  });
});
