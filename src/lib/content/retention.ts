/**
 * How long form submissions are kept: `retention` in content/site.yaml. The
 * privacy policy states these periods through placeholders
 * ({retention.contactRequests}, {retention.jobApplications},
 * {retention.heldSubmissions}), and the database enforces them in
 * public.purge_expired_submissions() (supabase/schemas/50_retention_and_erasure.sql);
 * tests/db/lifecycle.test.ts fails when the policy and the SQL disagree.
 */
import { z } from 'astro/zod';

const months = z.number().int().min(1).max(120);
const days = z.number().int().min(1).max(365);

export const retentionSchema = z
  .object({
    contactRequests: months.describe('Months a contact or demo request is kept (table contact_submissions).'),
    jobApplications: months.describe('Months a job or product-team application is kept (table job_applications).'),
    heldSubmissions: days.describe(
      'Days a held submission is kept unless the team releases it: one stored while the forms were flooded (column held of both tables).',
    ),
  })
  .strict()
  .describe(
    'How long submissions are kept before the database deletes them. Shown in the privacy policy; change ' +
      'public.purge_expired_submissions() with a new migration in the same commit (a test compares them).',
  );

export type Retention = z.infer<typeof retentionSchema>;

/** The table each period in months applies to (heldSubmissions, in days, applies to the held rows of both). */
export const RETENTION_TABLES: Record<Exclude<keyof Retention, 'heldSubmissions'>, 'contact_submissions' | 'job_applications'> = {
  contactRequests: 'contact_submissions',
  jobApplications: 'job_applications',
};

export function formatMonths(count: number): string {
  return count === 1 ? '1 month' : `${count} months`;
}

export function formatDays(count: number): string {
  return count === 1 ? '1 day' : `${count} days`;
}

/** `{retention.contactRequests}` → "12 months", `{retention.heldSubmissions}` → "30 days", … */
export function retentionPlaceholders(retention: Retention): Record<string, string> {
  return Object.fromEntries(
    Object.entries(retention).map(([key, count]) => [`retention.${key}`, key === 'heldSubmissions' ? formatDays(count) : formatMonths(count)]),
  );
}
