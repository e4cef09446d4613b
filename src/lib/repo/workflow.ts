/**
 * The GitHub Actions workflows (.github/workflows/*.yml), checked by `npm run lint`: against GitHub's
 * workflow schema (SchemaStore's, as @action-validator/core bundles it: an unknown key, a job without
 * `runs-on`, a wrong type), and the rules a workflow that runs unattended needs here:
 * - every action pinned by a full commit SHA with its release in a comment (`@<sha> # v7.0.1`): a tag can be
 *   moved to other code, a SHA cannot; Dependabot updates both together;
 * - `permissions` set for the workflow (the token's default may write to the repository);
 * - `timeout-minutes` on every job (the default is 6 hours of a hung browser).
 */
import { validateWorkflow, type ValidationError } from '@action-validator/core';
import { isMap, isScalar, LineCounter, parseDocument, visit } from 'yaml';

const PINNED = /^[^@\s]+@[0-9a-f]{40}$/;
const RELEASE_COMMENT = /^\s*v\d+(\.\d+){0,2}\b/;

/** The schema's complaints as lines; of the branches of a `oneOf` the closest one (fewest errors) is told. */
function schemaErrors(errors: ValidationError[]): string[] {
  return errors.flatMap((error) => {
    if ('states' in error && error.states?.length) {
      const closest = [...error.states].sort((a, b) => a.errors.length - b.errors.length)[0];
      return schemaErrors(closest.errors);
    }
    const where = 'location' in error && error.location ? `line ${error.location.line}` : ('path' in error && error.path) || '/';
    return [`${where}: ${error.detail ?? error.title}`];
  });
}

/** What is wrong with one workflow file, each line starting with the file (and its line or schema path). */
export function workflowProblems(file: string, text: string): string[] {
  const problems = schemaErrors(validateWorkflow(text).errors).map((p) => `${file}: ${p}`);
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return problems;

  visit(doc, {
    Pair(_, pair) {
      if (!isScalar(pair.key) || pair.key.value !== 'uses' || !isScalar(pair.value)) return;
      const uses = String(pair.value.value);
      const line = pair.value.range ? lines.linePos(pair.value.range[0]).line : 0;
      if (uses.startsWith('./')) return; // an action of this repository, at this commit
      if (uses.startsWith('docker://')) {
        if (!uses.includes('@sha256:')) problems.push(`${file}:${line}: ${uses} is not pinned by its digest (@sha256:…)`);
      } else if (!PINNED.test(uses))
        problems.push(`${file}:${line}: ${uses} is not pinned by a full commit SHA (owner/repo@<40 hex> # vX.Y.Z)`);
      else if (!RELEASE_COMMENT.test(pair.value.comment ?? ''))
        problems.push(`${file}:${line}: ${uses} has no "# vX.Y.Z" comment naming its release (Dependabot keeps it current)`);
    },
  });

  const workflow = doc.toJS() as { permissions?: unknown; jobs?: Record<string, { 'timeout-minutes'?: unknown; uses?: string }> };
  if (workflow.permissions === undefined) problems.push(`${file}: no top-level permissions (e.g. contents: read)`);
  for (const [id, job] of Object.entries(workflow.jobs ?? {}))
    // A job that calls a reusable workflow (`uses:`) takes its timeouts from that workflow.
    if (job && job.uses === undefined && job['timeout-minutes'] === undefined) problems.push(`${file}: job ${id} has no timeout-minutes`);
  return problems;
}
