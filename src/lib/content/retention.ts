/**
 * How long form submissions are kept: `retention` in content/site.yaml. The
 * privacy policy states these periods through placeholders
 * ({retention.contactRequests}, {retention.jobApplications}), and the database
 * enforces them in public.purge_expired_submissions()
 * (supabase/migrations); tests/db/lifecycle.test.ts fails when the policy and
 * the SQL disagree.
 */
import { z } from 'astro/zod';

const months = z.number().int().min(1).max(120);

export const retentionSchema = z
  .object({
    contactRequests: months.describe('Months a contact or demo request is kept (table contact_submissions).'),
    jobApplications: months.describe('Months a job or product-team application is kept (table job_applications).'),
  })
  .strict()
  .describe(
    'How long submissions are kept before the database deletes them, in months. Shown in the privacy policy; change ' +
      'public.purge_expired_submissions() with a new migration in the same commit (a test compares them).',
  );

export type Retention = z.infer<typeof retentionSchema>;

/** The table each period applies to. */
export const RETENTION_TABLES: Record<keyof Retention, 'contact_submissions' | 'job_applications'> = {
  contactRequests: 'contact_submissions',
  jobApplications: 'job_applications',
};

export function formatMonths(count: number): string {
  return count === 1 ? '1 month' : `${count} months`;
}

/** `{retention.contactRequests}` → "12 months", … */
export function retentionPlaceholders(retention: Retention): Record<string, string> {
  return Object.fromEntries(Object.entries(retention).map(([key, count]) => [`retention.${key}`, formatMonths(count)]));
}
