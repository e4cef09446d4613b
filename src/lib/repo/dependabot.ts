/**
 * .github/dependabot.yml, checked by `npm run lint`: its shape as GitHub documents it (no npm package
 * validates it offline: the one there is fetches SchemaStore's schema at run time), then this
 * repository's rules: npm and the workflows' actions looked at weekly, a cooldown of at least 7 days
 * (a release gets a week to be withdrawn, and for its platform packages to reach every registry mirror),
 * npm grouped and `versioning-strategy: increase` (package.json pins exactly and the lockfile is committed:
 * an update changes both, never widens a range).
 */
import { z } from 'astro/zod';
import { parse } from 'yaml';

// prettier-ignore
const ECOSYSTEMS = [
  'bun', 'bundler', 'cargo', 'composer', 'devcontainers', 'docker', 'docker-compose', 'dotnet-sdk', 'elm', 'gitsubmodule',
  'github-actions', 'gomod', 'gradle', 'helm', 'maven', 'mix', 'npm', 'nuget', 'pip', 'pub', 'swift', 'terraform', 'uv',
] as const;
const names = z.array(z.string().min(1)).min(1);
const semver = z.enum(['version-update:semver-major', 'version-update:semver-minor', 'version-update:semver-patch']);

const update = z.strictObject({
  'package-ecosystem': z.enum(ECOSYSTEMS),
  directory: z.string().optional(),
  directories: names.optional(),
  schedule: z.strictObject({
    interval: z.enum(['daily', 'weekly', 'monthly', 'quarterly', 'semiannually', 'yearly', 'cron']),
    day: z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']).optional(),
    time: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'hh:mm')
      .optional(),
    timezone: z.string().optional(),
    cronjob: z.string().optional(),
  }),
  allow: z.array(z.strictObject({ 'dependency-name': z.string().optional(), 'dependency-type': z.string().optional() })).optional(),
  assignees: names.optional(),
  'commit-message': z
    .strictObject({
      prefix: z.string().max(50).optional(),
      'prefix-development': z.string().max(50).optional(),
      include: z.literal('scope').optional(),
    })
    .optional(),
  cooldown: z
    .strictObject({
      'default-days': z.int().min(0).optional(),
      'semver-major-days': z.int().min(0).optional(),
      'semver-minor-days': z.int().min(0).optional(),
      'semver-patch-days': z.int().min(0).optional(),
      include: z.array(z.string()).max(150).optional(),
      exclude: z.array(z.string()).max(150).optional(),
    })
    .optional(),
  groups: z
    .record(
      z.string(),
      z.strictObject({
        'applies-to': z.enum(['version-updates', 'security-updates']).optional(),
        'dependency-type': z.enum(['development', 'production']).optional(),
        patterns: names.optional(),
        'exclude-patterns': names.optional(),
        'update-types': z
          .array(z.enum(['major', 'minor', 'patch']))
          .min(1)
          .optional(),
      }),
    )
    .optional(),
  ignore: z
    .array(
      z.strictObject({
        'dependency-name': z.string().optional(),
        versions: names.optional(),
        'update-types': z.array(semver).min(1).optional(),
      }),
    )
    .optional(),
  'insecure-external-code-execution': z.enum(['allow', 'deny']).optional(),
  labels: z.array(z.string().min(1)).optional(),
  milestone: z.int().min(1).optional(),
  'open-pull-requests-limit': z.int().min(0).optional(),
  'pull-request-branch-name': z.strictObject({ separator: z.enum(['-', '_', '/']) }).optional(),
  'rebase-strategy': z.enum(['auto', 'disabled']).optional(),
  registries: z.union([names, z.literal('*')]).optional(),
  'target-branch': z.string().min(1).optional(),
  vendor: z.boolean().optional(),
  'versioning-strategy': z.enum(['auto', 'increase', 'increase-if-necessary', 'lockfile-only', 'widen']).optional(),
});

export const dependabotSchema = z.strictObject({
  version: z.literal(2),
  'enable-beta-ecosystems': z.boolean().optional(),
  registries: z.record(z.string(), z.looseObject({ type: z.string(), url: z.string() })).optional(),
  updates: z.array(update).min(1),
});
type Update = z.infer<typeof update>;

/** This repository's rules, beyond the shape: what each update must say. */
// prettier-ignore
const RULES: [string, (u: Update) => boolean][] = [
  ['schedule.interval must be weekly', (u) => u.schedule.interval === 'weekly'],
  ['needs cooldown.default-days of at least 7', (u) => (u.cooldown?.['default-days'] ?? 0) >= 7],
  ['npm needs versioning-strategy: increase (exact pins, committed lockfile)', (u) => u['package-ecosystem'] !== 'npm' || u['versioning-strategy'] === 'increase'],
  ['npm needs groups', (u) => u['package-ecosystem'] !== 'npm' || Object.keys(u.groups ?? {}).length > 0],
];
const REQUIRED_ECOSYSTEMS = ['npm', 'github-actions'] as const;

/** What is wrong with the Dependabot configuration, each line starting with the file. */
export function dependabotProblems(file: string, text: string): string[] {
  let data: unknown;
  try {
    data = parse(text);
  } catch (error) {
    return [`${file}: not YAML: ${(error as Error).message.split('\n')[0]}`];
  }
  const parsed = dependabotSchema.safeParse(data);
  if (!parsed.success) return parsed.error.issues.map((issue) => `${file}: ${issue.path.join('.') || '/'}: ${issue.message}`);

  const problems: string[] = [];
  for (const ecosystem of REQUIRED_ECOSYSTEMS)
    if (!parsed.data.updates.some((u) => u['package-ecosystem'] === ecosystem)) problems.push(`${file}: no update for ${ecosystem}`);
  parsed.data.updates.forEach((u, i) => {
    if (u.directory === undefined && u.directories === undefined) problems.push(`${file}: updates.${i}: needs directory or directories`);
    for (const [rule, holds] of RULES) if (!holds(u)) problems.push(`${file}: updates.${i} (${u['package-ecosystem']}): ${rule}`);
  });
  return problems;
}
