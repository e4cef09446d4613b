/** The shared lists (src/lib/content/lists.ts): a list file's shape, and the order editors wrote. */
import { describe, it, expect } from 'vitest';
import { listEntries, listFileSchema } from '../../../src/lib/content/lists';

describe('shared lists', () => {
  it('accept entries with unique ids and refuse an empty list, a repeated id and an unknown field', () => {
    const schema = listFileSchema('values');
    expect(schema.safeParse({ items: [{ id: 'a', title: 'A', text: 'Aa' }] }).success).toBe(true);
    expect(schema.safeParse({ items: [] }).success).toBe(false);
    expect(schema.safeParse({ items: [{ id: 'a', title: 'A', text: 'x' }, { id: 'a', title: 'B', text: 'y' }] }).success).toBe(false);
    expect(schema.safeParse({ items: [{ id: 'a', title: 'A', text: 'x', colour: 'red' }] }).success).toBe(false);
  });
  it("record each entry's position, so the site renders the order written", () => {
    expect(listEntries([{ id: 'b' }, { id: 'a' }])).toEqual([
      { id: 'b', order: 0 },
      { id: 'a', order: 1 },
    ]);
    expect(listEntries(undefined)).toEqual([]);
  });
});
