/** Page sections (src/lib/content/schemas/sections.ts). */
import { describe, it, expect } from 'vitest';
import { sectionSchema } from '../../../../src/lib/content/schemas';

function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}


describe('sections', () => {
  it('refuses an unknown section type', () => {
    expect(sectionSchema.safeParse({ type: 'carousel' }).success).toBe(false);
  });
  it('refuses a cards section with an icon that does not exist', () => {
    const result = sectionSchema.safeParse({ type: 'cards', items: [{ title: 'A', icon: 'unicorn' }] });
    expect(result.success).toBe(false);
    expect(issues(result).join('\n')).toMatch(/items\.0\.icon/);
  });
});
