/**
 * Copy never states how many entries a collection or shared list holds ("ten
 * products"): the number goes stale the day an editor adds a file.
 */
import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const NUMBER = '(?:\\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|twenty)';
const COUNTED = '(?:products|services|managed services|plan categories|expertise areas|project types|products hiring)';
// A placeholder may stand between the number and the noun: "ten {brand} products".
const COUNT_IN_COPY = new RegExp(`\\b${NUMBER}\\s+(?:\\{[\\w.]+\\}\\s+)?${COUNTED}\\b`, 'i');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Copy lines only: YAML/frontmatter comments are for editors and may describe the file. */
function copyLines(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*#/.test(line));
}

describe('copy in content/', () => {
  it('states no count of products, services or list entries', () => {
    const found = files('content').flatMap((file) =>
      copyLines(file)
        .filter((line) => COUNT_IN_COPY.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
  it('the rule catches a count (so the check above can fail)', () => {
    expect(COUNT_IN_COPY.test('Ten products across media')).toBe(true);
    expect(COUNT_IN_COPY.test('A family of 10 products')).toBe(true);
    expect(COUNT_IN_COPY.test('Explore the ten {brand} products')).toBe(true);
    expect(COUNT_IN_COPY.test('Products across media')).toBe(false);
  });
});
