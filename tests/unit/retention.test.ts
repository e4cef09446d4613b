/** Retention periods in content/site.yaml: validated, and written into content as "12 months". */
import { describe, it, expect } from 'vitest';
import { readSite } from '../../src/lib/content/read';
import { fill, placeholderValues } from '../../src/lib/content/placeholders';
import { formatMonths, retentionSchema } from '../../src/lib/content/retention';
import { siteSchema } from '../../src/lib/content/schemas';

const site = readSite('content');

describe('retention', () => {
  it('fills {retention.*} from content/site.yaml', () => {
    const values = placeholderValues(site);
    expect(fill('{retention.contactRequests}', values)).toBe(formatMonths(site.retention.contactRequests));
    expect(fill('{retention.jobApplications}', values)).toBe(formatMonths(site.retention.jobApplications));
  });

  it('says "1 month", not "1 months"', () => {
    expect([formatMonths(1), formatMonths(6)]).toEqual(['1 month', '6 months']);
  });

  it.each([0, -1, 1.5, '12', 121])('refuses %j months', (months) => {
    expect(retentionSchema.safeParse({ contactRequests: months, jobApplications: 6 }).success).toBe(false);
  });

  it('is required in site.yaml, with both periods and nothing else', () => {
    const { retention, ...rest } = site;
    expect(retention).toBeDefined();
    expect(siteSchema.safeParse(rest).success).toBe(false);
    expect(siteSchema.safeParse({ ...site, retention: { contactRequests: 12 } }).success).toBe(false);
    expect(siteSchema.safeParse({ ...site, retention: { ...retention, newsletter: 3 } }).success).toBe(false);
  });
});
