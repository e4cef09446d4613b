/** The Dependabot check (src/lib/repo/dependabot.ts): the documented shape and this repository's rules. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dependabotProblems } from '../../../src/lib/repo/dependabot';

const CONFIG = `version: 2
updates:
  - package-ecosystem: npm
    directory: /
    schedule:
      interval: weekly
    versioning-strategy: increase
    cooldown:
      default-days: 7
    groups:
      everything:
        patterns: ['*']
  - package-ecosystem: github-actions
    directory: /
    schedule:
      interval: weekly
    cooldown:
      default-days: 7
`;
const check = (text: string) => dependabotProblems('dependabot.yml', text);

describe('the Dependabot check', () => {
  it('passes the repository configuration and the fixture', () => {
    const file = '.github/dependabot.yml';
    expect(dependabotProblems(file, readFileSync(file, 'utf8'))).toEqual([]);
    expect(check(CONFIG)).toEqual([]);
  });

  it('refuses npm without versioning-strategy: increase', () => {
    expect(check(CONFIG.replace('    versioning-strategy: increase\n', ''))).toEqual([
      'dependabot.yml: updates.0 (npm): npm needs versioning-strategy: increase (exact pins, committed lockfile)',
    ]);
    expect(check(CONFIG.replace('versioning-strategy: increase', 'versioning-strategy: bump'))).toEqual([
      expect.stringMatching(/^dependabot\.yml: updates\.0\.versioning-strategy: /),
    ]);
  });

  it('refuses an interval that does not exist, and one that is not weekly', () => {
    expect(check(CONFIG.replace('interval: weekly', 'interval: fortnightly'))).toEqual([
      expect.stringMatching(/^dependabot\.yml: updates\.0\.schedule\.interval: /),
    ]);
    expect(check(CONFIG.replace('interval: weekly', 'interval: daily'))).toEqual([
      'dependabot.yml: updates.0 (npm): schedule.interval must be weekly',
    ]);
  });

  it('refuses an unknown key, a missing ecosystem, a short cooldown and ungrouped npm', () => {
    expect(check(CONFIG.replace('version: 2', 'version: 2\nupdate-schedule: weekly'))).toEqual([
      expect.stringMatching(/^dependabot\.yml: \/: Unrecognized key.*update-schedule/),
    ]);
    const npmOnly = CONFIG.slice(0, CONFIG.indexOf('  - package-ecosystem: github-actions'));
    expect(check(npmOnly)).toEqual(['dependabot.yml: no update for github-actions']);
    expect(check(CONFIG.replace('default-days: 7', 'default-days: 1'))).toEqual([
      'dependabot.yml: updates.0 (npm): needs cooldown.default-days of at least 7',
    ]);
    expect(check(CONFIG.replace("    groups:\n      everything:\n        patterns: ['*']\n", ''))).toEqual([
      'dependabot.yml: updates.0 (npm): npm needs groups',
    ]);
    expect(check('version: [')).toEqual([expect.stringMatching(/^dependabot\.yml: not YAML: /)]);
  });
});
