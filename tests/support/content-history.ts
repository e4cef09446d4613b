/**
 * A git history for a content folder, written in one `git fast-import`, so a
 * test or the benchmark can give a copy of content/ the past it needs (pages
 * renamed, removed, scheduled) in milliseconds, even a thousand commits of it.
 * The repository's root holds the content folder; its working tree ends as the
 * last commit.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** One commit: its time, and each file (relative to the repository root) written, or deleted (null). */
export interface HistoryCommit {
  time: Date | string;
  message?: string;
  files: Record<string, string | Buffer | null>;
  /** Files renamed (old → new) before `files` apply: git sees the entry move. */
  renames?: Record<string, string>;
}

const IDENTITY = 'Content Test <content@example.com>';

/** Every file under `dir`, as paths relative to `root`, "/" separated, with its bytes. */
export function snapshot(root: string, dir: string): Record<string, Buffer> {
  const files: Record<string, Buffer> = {};
  for (const entry of readdirSync(join(root, dir), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[relative(root, path).split(sep).join('/')] = readFileSync(path);
  }
  return files;
}

/** Makes `root` a repository whose branch `main` is `commits`, oldest first, and checks it out. */
export function writeHistory(root: string, commits: readonly HistoryCommit[]): void {
  execFileSync('git', ['init', '-q', '-b', 'main', root]);
  const chunks: Buffer[] = [];
  const text = (value: string) => chunks.push(Buffer.from(value, 'utf8'));
  const data = (value: string | Buffer) => {
    const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
    text(`data ${bytes.length}\n`);
    chunks.push(bytes);
    text('\n');
  };
  commits.forEach((commit, i) => {
    const seconds = Math.floor(new Date(commit.time).getTime() / 1000);
    text(`commit refs/heads/main\nmark :${i + 1}\ncommitter ${IDENTITY} ${seconds} +0000\n`);
    data(commit.message ?? `content ${i + 1}`);
    if (i > 0) text(`from :${i}\n`);
    for (const [from, to] of Object.entries(commit.renames ?? {})) text(`R ${from} ${to}\n`);
    for (const [path, content] of Object.entries(commit.files)) {
      if (content === null) text(`D ${path}\n`);
      else {
        text(`M 100644 inline ${path}\n`);
        data(content);
      }
    }
    text('\n');
  });
  execFileSync('git', ['-C', root, 'fast-import', '--quiet'], { input: Buffer.concat(chunks) });
  execFileSync('git', ['-C', root, 'checkout', '-q', '-f', 'main']);
}
