/** The workflow check (src/lib/repo/workflow.ts): the schema, actions pinned by SHA, permissions, timeouts. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { workflowProblems } from '../../../src/lib/repo/workflow';

const SHA = '3d3c42e5aac5ba805825da76410c181273ba90b1';
const WORKFLOW = `name: CI
on: [push, pull_request]
permissions:
  contents: read
jobs:
  test:
    runs-on: ubuntu-latest
    timeout-minutes: 90
    steps:
      - uses: actions/checkout@${SHA} # v7.0.1
        with:
          fetch-depth: 0
      - run: bash .ci/run
`;
const check = (text: string) => workflowProblems('ci.yml', text);

describe('the workflow check', () => {
  it('passes the repository workflow and the fixture', () => {
    const file = '.github/workflows/ci.yml';
    expect(workflowProblems(file, readFileSync(file, 'utf8'))).toEqual([]);
    expect(check(WORKFLOW)).toEqual([]);
  });

  it('refuses an unknown key, at the top or in a job', () => {
    expect(check(WORKFLOW.replace('name: CI', 'name: CI\ntimeout: 5'))).toEqual([
      "ci.yml: /: Additional property 'timeout' is not allowed",
    ]);
    expect(check(WORKFLOW.replace('    timeout-minutes: 90', '    timeout-minutes: 90\n    run-on: debian'))).toContain(
      "ci.yml: /jobs/test: Additional property 'run-on' is not allowed",
    );
  });

  it('refuses a job without runs-on', () => {
    expect(check(WORKFLOW.replace('    runs-on: ubuntu-latest\n', ''))).toContain('ci.yml: /jobs/test/runs-on: This property is required');
  });

  it('refuses an action pinned by a tag or a short SHA, or without its release in a comment', () => {
    expect(check(WORKFLOW.replace(`@${SHA} # v7.0.1`, '@v7'))).toEqual([
      'ci.yml:10: actions/checkout@v7 is not pinned by a full commit SHA (owner/repo@<40 hex> # vX.Y.Z)',
    ]);
    expect(check(WORKFLOW.replace(`@${SHA}`, '@3d3c42e'))).toHaveLength(1);
    expect(check(WORKFLOW.replace(' # v7.0.1', ''))).toEqual([
      `ci.yml:10: actions/checkout@${SHA} has no "# vX.Y.Z" comment naming its release (Dependabot keeps it current)`,
    ]);
    expect(check(WORKFLOW.replace(`actions/checkout@${SHA} # v7.0.1`, 'docker://debian:bookworm'))).toEqual([
      'ci.yml:10: docker://debian:bookworm is not pinned by its digest (@sha256:…)',
    ]);
    expect(check(WORKFLOW.replace(`actions/checkout@${SHA} # v7.0.1`, './.github/actions/local'))).toEqual([]);
  });

  it('refuses a workflow without permissions, and a job without timeout-minutes', () => {
    expect(check(WORKFLOW.replace('permissions:\n  contents: read\n', ''))).toEqual([
      'ci.yml: no top-level permissions (e.g. contents: read)',
    ]);
    expect(check(WORKFLOW.replace('    timeout-minutes: 90\n', ''))).toEqual(['ci.yml: job test has no timeout-minutes']);
  });

  it('reports YAML that does not parse with its line', () => {
    expect(check(WORKFLOW.replace('    steps:', '   steps:'))[0]).toMatch(/^ci\.yml: line \d+: /);
  });
});
