/** What failed, out of a stage's output (src/lib/repo/failure-lines.ts), from the tools' own output. */
import { describe, expect, it } from 'vitest';
import { failureLines } from '../../../src/lib/repo/failure-lines';

const E = '\x1b';

/** Playwright's list reporter on a failing test, as `npx playwright test` printed it here. */
const PLAYWRIGHT = `
Running 2 tests using 2 workers

  ✘  1 [desktop] › tests/e2e/visit.spec.ts:96:5 › /contact (6ms)
  ✓  2 [desktop] › tests/e2e/visit.spec.ts:96:5 › /about (4ms)


  1) [desktop] › tests/e2e/visit.spec.ts:96:5 › /contact ────────────────────────────────────

    Error: axe violations

    expect(received).toEqual(expected) // deep equality

      1 | import { test, expect } from '@playwright/test';
        at /work/main/tests/e2e/visit.spec.ts:160:68

    Error Context: test-results/visit-contact-desktop/error-context.md

  1 failed
    [desktop] › tests/e2e/visit.spec.ts:96:5 › /contact ─────────────────────────────────────
  1 passed (494ms)

JavaScript fetched at page load (gzip -9 KB)
page      kind  files  JS
/contact  form  3      41.2
`;

/** Vitest's, coloured as it prints even into a pipe. */
const VITEST = `
${E}[1m${E}[30m${E}[46m RUN ${E}[49m${E}[39m${E}[22m ${E}[36mv5.1.1 ${E}[39m${E}[90m/work/main${E}[39m

   ${E}[31m❯${E}[39m a group ${E}[2m(2)${E}[22m
${E}[31m     ${E}[31m×${E}[31m adds${E}[39m${E}[32m 5${E}[2mms${E}[22m${E}[39m
     ${E}[32m✓${E}[39m passes${E}[32m 0${E}[2mms${E}[22m${E}[39m

${E}[41m${E}[1m FAIL ${E}[22m${E}[49m ${E}[30m${E}[42m unit ${E}[49m${E}[39m tests/unit/dates.test.ts${E}[2m > ${E}[22ma group${E}[2m > ${E}[22madds
${E}[31m${E}[1mAssertionError${E}[22m: expected 2 to be 3 // Object.is equality${E}[39m

${E}[32m- Expected${E}[39m
${E}[2m      Tests ${E}[22m ${E}[1m${E}[31m1 failed${E}[39m${E}[22m${E}[2m | ${E}[22m${E}[1m${E}[32m1 passed${E}[39m${E}[22m${E}[90m (2)${E}[39m
`;

/** astro check's, coloured, and ESLint's stylish output. */
const ASTRO_CHECK = `${E}[96msrc/lib/repo/workflow.ts${E}[0m:${E}[93m1${E}[0m:${E}[93m7${E}[0m - ${E}[91merror${E}[0m${E}[90m ts(2322): ${E}[0mType 'string' is not assignable to type 'number'.

${E}[7m1${E}[0m const x: number = "a";
Result (434 files):
- 1 errors`;
const ESLINT = `
/work/main/src/lib/repo/workflow.ts
  1:5  error  'unused' is assigned a value but never used  @typescript-eslint/no-unused-vars
  2:1  warning  Unexpected console statement  no-console

✖ 1 problem (1 error, 1 warning)
`;

describe('failureLines', () => {
  it("names Playwright's failed tests and their errors once, at the end (not its ✘ as they ran), not the passing ones nor the tables after", () => {
    expect(failureLines(PLAYWRIGHT)).toEqual([
      '  1) [desktop] › tests/e2e/visit.spec.ts:96:5 › /contact ────────────────────────────────────',
      '    Error: axe violations',
      '  1 failed',
      '    [desktop] › tests/e2e/visit.spec.ts:96:5 › /contact ─────────────────────────────────────',
    ]);
  });

  it("names Vitest's failed test and its assertion, its colours taken off", () => {
    expect(failureLines(VITEST)).toEqual([
      '     × adds 5ms',
      ' FAIL   unit  tests/unit/dates.test.ts > a group > adds',
      'AssertionError: expected 2 to be 3 // Object.is equality',
    ]);
  });

  it("names astro check's errors and ESLint's with their file, not its warnings", () => {
    expect(failureLines(ASTRO_CHECK)).toEqual([
      "src/lib/repo/workflow.ts:1:7 - error ts(2322): Type 'string' is not assignable to type 'number'.",
    ]);
    expect(failureLines(ESLINT)).toEqual([
      '/work/main/src/lib/repo/workflow.ts',
      "  1:5  error  'unused' is assigned a value but never used  @typescript-eslint/no-unused-vars",
      '✖ 1 problem (1 error, 1 warning)',
    ]);
  });

  it('gives the last lines that are not blank when nothing names a failure', () => {
    const output = ['building', '', 'step 1', 'dist/_headers: no Content-Security-Policy', '', ''].join('\n');
    expect(failureLines(output, 60, 2)).toEqual(['step 1', 'dist/_headers: no Content-Security-Policy']);
  });

  it('keeps the first failures and the closing list when there are too many, and says how many it left out', () => {
    const tests = Array.from({ length: 40 }, (_, i) => `/page-${i}`);
    const output = [
      ...tests.map((t, i) => `  ${i + 1}) [desktop] › tests/e2e/visit.spec.ts:96:5 › ${t} ──`),
      '  40 failed',
      ...tests.map((t) => `    [desktop] › tests/e2e/visit.spec.ts:96:5 › ${t} ──`),
    ].join('\n');
    const lines = failureLines(output, 30);
    expect(lines).toHaveLength(31);
    expect(lines[0]).toBe('  1) [desktop] › tests/e2e/visit.spec.ts:96:5 › /page-0 ──');
    expect(lines[15]).toBe('… 51 lines more …');
    expect(lines.at(-1)).toBe('    [desktop] › tests/e2e/visit.spec.ts:96:5 › /page-39 ──');
  });
});
