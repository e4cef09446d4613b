/**
 * What failed, out of a stage's output: `npm test` (scripts/test.mjs) prints it again under its table of
 * stages, since a failing stage can print thousands of lines and CI keeps only the tail of a log.
 */

/**
 * The lines that name a failure and what it was: Playwright's numbered failures with their errors and its
 * closing list of failed tests, Vitest's FAIL, × and errors, astro check's (TypeScript's) errors, ESLint's
 * errors under their file and its count.
 */
const FAILURE_LINE = [
  /^\s+\d+\) \[[\w -]+\] › /,
  /^\s*(\w*Error|Error): /,
  /^\s*\d+ (failed|flaky|interrupted)\b/,
  /^\s+\[[\w -]+\] › /,
  /^\s*FAIL\b/,
  /^\s*[×✗] /,
  /\berror (ts\(|TS)\d+/,
  /^\/\S+\.[cm]?[jt]sx?$|^\/\S+\.astro$/,
  /^\s*\d+:\d+\s+error\b/,
  /^✖ \d+ problems?\b/,
];

// eslint-disable-next-line no-control-regex
const COLOUR = /\x1b\[[0-9;]*m/g;

/** Lines kept from the end when there are too many: the closing list of failed tests. */
const CLOSING = 15;

/**
 * The failure lines of `output`, each once, in order; over `most`, the first and the last of them (the
 * run's closing summary). Where none is found (a script's own message, a crash), its last `tail` lines
 * that are not blank.
 */
export function failureLines(output: string, most = 60, tail = 25): string[] {
  const lines = output
    .replace(COLOUR, '')
    .split('\n')
    .map((line) => line.trimEnd());
  const named = [...new Set(lines.filter((line) => FAILURE_LINE.some((pattern) => pattern.test(line))))];
  if (named.length === 0) return lines.filter(Boolean).slice(-tail);
  if (named.length <= most) return named;
  const head = named.slice(0, most - CLOSING);
  return [...head, `… ${named.length - head.length - CLOSING} lines more …`, ...named.slice(-CLOSING)];
}
