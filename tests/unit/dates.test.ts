/** How the site writes a date (src/lib/dates.ts). */
import { describe, it, expect } from 'vitest';
import { displayDate, isoDate } from '../../src/lib/dates';

describe('dates', () => {
  it('reads "December 27, 2024" for people and 2024-12-27 for machines, whatever the time zone of the build', () => {
    const date = new Date('2024-12-27T00:00:00Z');
    expect(displayDate(date)).toBe('December 27, 2024');
    expect(isoDate(date)).toBe('2024-12-27');
  });
});
