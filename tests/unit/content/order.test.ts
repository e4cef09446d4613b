/** Products and services: numbered entries first by their number, then the others by title. */
import { describe, it, expect } from 'vitest';
import { byOrderThenTitle } from '../../../src/lib/content/order';

const titles = (entries: { title: string; order?: number }[]) => [...entries].sort(byOrderThenTitle).map((e) => e.title);

describe('byOrderThenTitle', () => {
  it('puts entries with an order first, ascending', () => {
    expect(
      titles([
        { title: 'C', order: 3 },
        { title: 'A', order: 10 },
        { title: 'B', order: 1 },
      ]),
    ).toEqual(['B', 'C', 'A']);
  });
  it('puts entries without an order after them, by title', () => {
    expect(
      titles([{ title: 'Zeta' }, { title: 'Videus', order: 2 }, { title: 'alpha' }, { title: 'Newsbox', order: 1 }, { title: 'Beta' }]),
    ).toEqual(['Newsbox', 'Videus', 'alpha', 'Beta', 'Zeta']);
  });
  it('compares titles as words, not code points (case and accents do not jump the queue)', () => {
    expect(titles([{ title: 'Émile' }, { title: 'eagle' }, { title: 'Fable' }, { title: 'Zebra' }])).toEqual([
      'eagle',
      'Émile',
      'Fable',
      'Zebra',
    ]);
  });
  it('breaks a tie of equal orders by title, so the result does not depend on file order', () => {
    expect(
      titles([
        { title: 'B', order: 1 },
        { title: 'A', order: 1 },
      ]),
    ).toEqual(['A', 'B']);
  });
});
