/** Retention periods of the site configuration: validated, and written into content as "12 months". */
import { describe, it, expect } from 'vitest';
import { fill, placeholderValues } from '../../../src/lib/content/placeholders';
import { formatDays, formatMonths, retentionSchema } from '../../../src/lib/content/retention';
import { siteSchema } from '../../../src/lib/content/schemas';
import { fixtureSite } from '../../fixtures';

const site = fixtureSite;

describe('retention', () => {
  it('fills {retention.*} from the site configuration', () => {
    const values = placeholderValues(site);
    expect(fill('{retention.contactRequests}', values)).toBe('12 months');
    expect(fill('{retention.jobApplications}', values)).toBe('1 month');
    expect(fill('{retention.heldSubmissions}', values)).toBe('30 days');
  });

  it('says "1 month", not "1 months"', () => {
    expect([formatMonths(1), formatMonths(6)]).toEqual(['1 month', '6 months']);
    expect([formatDays(1), formatDays(30)]).toEqual(['1 day', '30 days']);
  });

  it.each([0, -1, 1.5, '12', 121])('refuses %j months', (months) => {
    expect(retentionSchema.safeParse({ contactRequests: months, jobApplications: 6, heldSubmissions: 30 }).success).toBe(false);
  });

  it.each([0, 1.5, 366])('refuses %j days for held submissions', (days) => {
    expect(retentionSchema.safeParse({ contactRequests: 12, jobApplications: 6, heldSubmissions: days }).success).toBe(false);
    expect(retentionSchema.safeParse({ contactRequests: 12, jobApplications: 6, heldSubmissions: 30 }).success).toBe(true);
  });

  it('is required in site.yaml, with its periods and nothing else', () => {
    const { retention, ...rest } = site;
    expect(retention).toBeDefined();
    expect(siteSchema.safeParse(rest).success).toBe(false);
    expect(siteSchema.safeParse({ ...site, retention: { contactRequests: 12 } }).success).toBe(false);
    expect(siteSchema.safeParse({ ...site, retention: { ...retention, newsletter: 3 } }).success).toBe(false);
  });
});
