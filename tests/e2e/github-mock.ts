/**
 * What the CMS at /admin meets when an editor signs in on the live site,
 * answered in the shapes the services really send:
 * - the sign-in popup: Netlify's OAuth page (`/auth`). For real it sends the
 *   browser to GitHub's consent page, which sends it back to Netlify's
 *   `/auth/done`; that page hands the token to the window that opened the
 *   popup: "authorizing:github", and once the opener echoes it,
 *   "authorization:github:success:{token, provider}". The stub answers `/auth`
 *   with that last page: the exchange with the opener is what is under test
 *   (and Chromium does not let a test intercept the end of a cross-site
 *   redirect chain in a popup cut off from its opener);
 * - GitHub's status API, read before signing in;
 * - the GitHub API as Sveltia CMS calls it: REST for the user, the
 *   collaborator check and the branch's file tree; GraphQL for the last
 *   commit, the files' text by blob id, each file's last commit, the branch
 *   head and the commit's deploy status. The repository holds content/ as
 *   it is in this working copy;
 * - the editorial workflow (publish_mode: editorial_workflow): the open pull
 *   requests with the CMS's status labels and their files' text on their
 *   branches (`drafts`), each head commit's Netlify deploy-preview status;
 *   saving a draft: the branch created from the configured branch's head
 *   (GraphQL createRef), the commit on it (createCommitOnBranch), the pull
 *   request (REST) and its status label, each recorded (`record.saved`).
 * Each request must carry the token and name the repository and branch of
 * the configuration; any other request is answered 501 and recorded.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { BrowserContext, Request, Route } from '@playwright/test';

export interface GitHubRepo {
  /** owner/name and branch, as the CMS configuration gives them. */
  repo: string;
  branch: string;
}

export const EDITOR = { login: 'ada-editor', id: 1_234_567, name: 'Ada Editor', email: 'ada@corvana.example' };
export const AVATAR_URL = `https://avatars.githubusercontent.com/u/${EDITOR.id}?v=4`;
/** A token of the shape GitHub issues to OAuth apps. */
export const TOKEN = 'gho_16C7e42F292c6912E7710c838347Ae178B4a';
export const NETLIFY_AUTH = 'https://api.netlify.com/auth';
const STATUS_URL = 'https://www.githubstatus.com/api/v2/status.json';
/** A 1×1 PNG, the avatar. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const gitSha = (kind: string, body: Buffer) => createHash('sha1').update(`${kind} ${body.length}\0`).update(body).digest('hex');

interface Blob {
  path: string;
  sha: string;
  text: string;
  size: number;
}

/** content/ of this working copy as git blobs, with paths from the repository root. */
function contentBlobs(): Blob[] {
  return readdirSync('content', { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = relative('.', join(entry.parentPath, entry.name)).split(sep).join('/');
      const body = readFileSync(path);
      return { path, sha: gitSha('blob', body), text: body.toString('utf8'), size: body.length };
    });
}

/** An open pull request of the editorial workflow: a draft of an entry on its branch, with its deploy preview. */
export interface WorkflowDraft {
  number: number;
  /** cms/<collection>/<slug>, as Sveltia names it. */
  branch: string;
  title: string;
  status: 'draft' | 'pending_review' | 'pending_publish';
  /** Files the pull request adds or changes, by path from the repository root, with their text on the branch. */
  files: { path: string; text: string; changeType: 'ADDED' | 'MODIFIED' }[];
  /** The deploy preview Netlify reported on the branch's head commit (a commit status). */
  deployPreview?: string;
}

/** What an editor's saves sent: each as the calls that carry it, their inputs as GitHub receives them. */
export interface SavedWork {
  branches: { name: string; from: string }[];
  commits: { branch: string; expectedHeadOid: string; headline: string; files: Record<string, string>; deletions: string[] }[];
  pulls: { title: string; head: string; base: string; draft: boolean }[];
  labels: { number: number; labels: string[] }[];
}

/** The name Netlify's GitHub app gives a site's deploy preview status. */
export const NETLIFY_PREVIEW_CONTEXT = 'netlify/corvana/deploy-preview';

export interface SignInRecord {
  /** The query of each request to Netlify's /auth. */
  authorizations: URLSearchParams[];
  /** What the editorial workflow's saves sent. */
  saved: SavedWork;
  /** "GET /user", "POST /graphql (contents)" …, in order. */
  calls: string[];
  /** Requests no stub knows, or without the token: the test fails on any. */
  unexpected: string[];
}

const json = (route: Route, body: unknown, status = 200) =>
  route.fulfill({ status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) });

/** The page of Netlify's `/auth/done`: the handshake with the opener, then the token. */
function netlifyDonePage(token: string): string {
  const message = `authorization:github:success:${JSON.stringify({ token, provider: 'github' })}`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>Authorizing ...</title></head><body><p>Authorizing ...</p><script>
(function () {
  function receiveMessage(e) {
    window.opener.postMessage(${JSON.stringify(message)}, e.origin);
  }
  window.addEventListener("message", receiveMessage, false);
  window.opener.postMessage("authorizing:github", "*");
})();
</script></body></html>`;
}

/** GitHub's status API, which the CMS reads on its sign-in screen (whichever way the editor then works). */
export async function mockGitHubStatus(context: BrowserContext) {
  await context.route(STATUS_URL, (route) =>
    json(route, {
      page: {
        id: 'kctbh9vrtdwd',
        name: 'GitHub',
        url: 'https://www.githubstatus.com',
        time_zone: 'Etc/UTC',
        updated_at: '2026-11-20T10:00:00.000Z',
      },
      status: { indicator: 'none', description: 'All Systems Operational' },
    }),
  );
}

/** Answers the sign-in popup, GitHub's status API and the GitHub API for `repo`, in `context` (the popup is a page of its own). */
export async function mockGitHubSignIn(
  context: BrowserContext,
  { repo, branch }: GitHubRepo,
  { drafts = [] }: { drafts?: WorkflowDraft[] } = {},
): Promise<SignInRecord> {
  const record: SignInRecord = {
    authorizations: [],
    saved: { branches: [], commits: [], pulls: [], labels: [] },
    calls: [],
    unexpected: [],
  };
  const [owner, name] = repo.split('/');
  const blobs = contentBlobs();
  const bySha = new Map(blobs.map((b) => [b.sha, b]));
  const head = gitSha('commit', Buffer.from(`tree of ${blobs.map((b) => b.sha).join('')}`));
  // Each workflow branch's head commit, and what it holds besides the configured branch's files.
  const branchHeads = new Map(drafts.map((d) => [d.branch, gitSha('commit', Buffer.from(`${d.branch} ${head}`))]));
  const onBranch = (ref: string, path: string) => drafts.find((d) => d.branch === ref)?.files.find((f) => f.path === path);
  const previewOf = new Map(drafts.flatMap((d) => (d.deployPreview ? [[branchHeads.get(d.branch)!, d.deployPreview] as const] : [])));
  let pullNumbers = Math.max(0, ...drafts.map((d) => d.number));
  const unexpected = (request: Request, why: string) => record.unexpected.push(`${request.method()} ${request.url()}: ${why}`);

  await context.route(`${NETLIFY_AUTH}?*`, (route) => {
    record.authorizations.push(new URL(route.request().url()).searchParams);
    return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: netlifyDonePage(TOKEN) });
  });
  await mockGitHubStatus(context);
  await context.route(AVATAR_URL, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PNG }));

  await context.route('https://api.github.com/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (request.headers().authorization !== `token ${TOKEN}`) {
      unexpected(request, `authorization "${request.headers().authorization}"`);
      return json(route, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' }, 401);
    }
    const call = (what: string) => record.calls.push(`${request.method()} ${url.pathname}${what ? ` (${what})` : ''}`);
    if (request.method() === 'GET' && url.pathname === '/user') {
      call('');
      return json(route, {
        ...EDITOR,
        node_id: 'MDQ6VXNlcjEyMzQ1Njc=',
        avatar_url: AVATAR_URL,
        html_url: `https://github.com/${EDITOR.login}`,
        type: 'User',
        site_admin: false,
        company: null,
        blog: '',
        location: null,
        bio: null,
        public_repos: 3,
        created_at: '2019-03-01T09:00:00Z',
      });
    }
    if (request.method() === 'GET' && url.pathname === `/repos/${owner}/${name}/collaborators/${EDITOR.login}`) {
      call('');
      return route.fulfill({ status: 204 });
    }
    if (
      request.method() === 'GET' &&
      url.pathname === `/repos/${owner}/${name}/git/trees/${head}` &&
      url.searchParams.get('recursive') === '1'
    ) {
      call('');
      return json(route, {
        sha: head,
        url: request.url(),
        truncated: false,
        tree: blobs.map((b) => ({
          path: b.path,
          mode: '100644',
          type: 'blob',
          sha: b.sha,
          size: b.size,
          url: `https://api.github.com/repos/${repo}/git/blobs/${b.sha}`,
        })),
      });
    }
    if (request.method() === 'POST' && url.pathname === '/graphql') {
      const { query, variables } = request.postDataJSON() as { query: string; variables: Record<string, string> };
      const knownBranch = (ref: string | undefined) => ref === undefined || ref === branch || branchHeads.has(ref);
      // A mutation names its repository in its input (checked with it); a query in its variables.
      const mutation = /^\s*mutation\b/.test(query);
      if (
        !mutation &&
        ((variables.owner ?? variables.forkOwner) !== owner ||
          (variables.repo ?? variables.forkRepo) !== name ||
          !knownBranch(variables.branch))
      ) {
        unexpected(request, `variables ${JSON.stringify(variables)}`);
        return json(route, {
          errors: [
            { type: 'NOT_FOUND', message: `Could not resolve to a Repository with the name '${variables.owner}/${variables.repo}'.` },
          ],
        });
      }
      const aliases = (pattern: RegExp) => [...query.matchAll(pattern)];
      if (/history\(first: 1\) \{ nodes \{ oid message \} \}/.test(query)) {
        call(variables.branch && variables.branch !== branch ? `last commit of ${variables.branch}` : 'last commit');
        const oid = branchHeads.get(variables.branch) ?? head;
        return json(route, {
          data: { repository: { ref: { target: { history: { nodes: [{ oid, message: 'Content: update Newsbox' }] } } } } },
        });
      }
      if (/pullRequests\(\s*states: OPEN\s*labels:/.test(query)) {
        call('open pull requests');
        const wanted = JSON.parse(/labels: (\[[^\]]*\])/.exec(query)![1]) as string[];
        const nodes = drafts.map((d) => ({
          id: `PR_${d.number}`,
          number: d.number,
          title: d.title,
          url: `https://github.com/${repo}/pull/${d.number}`,
          isDraft: d.status === 'draft',
          isCrossRepository: false,
          createdAt: '2026-12-01T10:00:00Z',
          updatedAt: '2026-12-01T10:05:00Z',
          headRefName: d.branch,
          headRefOid: branchHeads.get(d.branch),
          author: { login: EDITOR.login, avatarUrl: AVATAR_URL, name: EDITOR.name, email: EDITOR.email, databaseId: EDITOR.id },
          labels: { nodes: [{ name: `sveltia-cms/${d.status}` }] },
          files: { nodes: d.files.map((f) => ({ path: f.path, changeType: f.changeType })) },
        }));
        // GitHub filters by label: a pull request the CMS did not label is not listed.
        return json(route, {
          data: { repository: { pullRequests: { nodes: nodes.filter((n) => n.labels.nodes.some((l) => wanted.includes(l.name))) } } },
        });
      }
      if (query.includes('object(expression:')) {
        call('files on workflow branches');
        const found = aliases(/(\w+):\s*object\(expression: "([^"]+)"\)/g).map(([, alias, expression]) => {
          const [ref, path] = [expression.slice(0, expression.indexOf(':')), expression.slice(expression.indexOf(':') + 1)];
          const file = onBranch(ref, path);
          if (!file) unexpected(request, `no ${path} on ${ref}`);
          const body = Buffer.from(file?.text ?? '');
          return [
            alias,
            file ? { oid: gitSha('blob', body), byteSize: body.length, isBinary: false, isTruncated: false, text: file.text } : null,
          ];
        });
        return json(route, { data: { repository: Object.fromEntries(found) } });
      }
      if (query.includes('fork: repository(') && query.includes('base: repository(')) {
        call('branch base');
        return json(route, { data: { fork: { id: 'R_kgDOcorvana' }, base: { ref: { target: { oid: head } } } } });
      }
      if (query.includes('createRef(')) {
        const input = (variables as unknown as { input: { repositoryId: string; name: string; oid: string } }).input;
        call(`create ${input.name}`);
        if (input.repositoryId !== 'R_kgDOcorvana') unexpected(request, `a branch in repository ${input.repositoryId}`);
        record.saved.branches.push({ name: input.name, from: input.oid });
        branchHeads.set(input.name.replace(/^refs\/heads\//, ''), input.oid);
        return json(route, { data: { createRef: { ref: { name: input.name } } } });
      }
      if (query.includes('createCommitOnBranch(')) {
        const input = (
          variables as unknown as {
            input: {
              branch: { repositoryNameWithOwner: string; branchName: string };
              expectedHeadOid: string;
              fileChanges: { additions?: { path: string; contents: string }[]; deletions?: { path: string }[] };
              message: { headline: string };
            };
          }
        ).input;
        call(`commit on ${input.branch.branchName}`);
        if (input.branch.repositoryNameWithOwner !== repo) unexpected(request, `commit to ${input.branch.repositoryNameWithOwner}`);
        record.saved.commits.push({
          branch: input.branch.branchName,
          expectedHeadOid: input.expectedHeadOid,
          headline: input.message.headline,
          files: Object.fromEntries(
            (input.fileChanges.additions ?? []).map((a) => [a.path, Buffer.from(a.contents, 'base64').toString('utf8')]),
          ),
          deletions: (input.fileChanges.deletions ?? []).map((d) => d.path),
        });
        const oid = gitSha('commit', Buffer.from(`${input.branch.branchName} ${record.saved.commits.length}`));
        branchHeads.set(input.branch.branchName, oid);
        const shas = Object.fromEntries(
          aliases(/(file_\d+): file\(path: "([^"]+)"\)/g).map(([, alias]) => [alias, { oid: gitSha('blob', Buffer.from(alias)) }]),
        );
        return json(route, { data: { createCommitOnBranch: { commit: { oid, committedDate: '2026-12-01T10:10:00Z', ...shas } } } });
      }
      if (query.includes('... on Blob { text isTruncated }')) {
        call('file contents');
        const found = aliases(/(\w+): object\(oid: "([0-9a-f]{40})"\)/g).map(([, alias, sha]) => [alias, bySha.get(sha)] as const);
        for (const [alias, blob] of found) if (!blob) unexpected(request, `unknown blob for ${alias}`);
        return json(route, {
          data: {
            repository: Object.fromEntries(found.map(([alias, blob]) => [alias, blob ? { text: blob.text, isTruncated: false } : null])),
          },
        });
      }
      if (query.includes('history(first: 1, path:')) {
        call('commit of each file');
        const node = {
          author: { name: EDITOR.name, email: EDITOR.email, user: { id: EDITOR.id, login: EDITOR.login } },
          committedDate: '2026-11-20T10:00:00Z',
        };
        return json(route, {
          data: {
            repository: Object.fromEntries(
              aliases(/(\w+):\s+ref\(qualifiedName: \$branch\)/g).map(([, alias]) => [alias, { target: { history: { nodes: [node] } } }]),
            ),
          },
        });
      }
      if (/target \{ \.\.\. on Commit \{ oid \} \}/.test(query)) {
        call('branch head');
        return json(route, { data: { repository: { ref: { target: { oid: head } } } } });
      }
      if (query.includes('object(oid:') && query.includes('deployments(')) {
        call('deploy status');
        // Netlify reports a deploy preview as a commit status on the branch's head: "Deploy Preview ready!".
        const commits = aliases(/(\w+): object\(oid: "([0-9a-f]{40})"\)/g).map(([, alias, sha]) => {
          const url = previewOf.get(sha);
          const contexts = url
            ? [{ context: NETLIFY_PREVIEW_CONTEXT, state: 'SUCCESS', targetUrl: url, description: 'Deploy Preview ready!' }]
            : [];
          return [alias, { status: url ? { contexts } : null, deployments: { nodes: [] }, checkSuites: { nodes: [] } }];
        });
        return json(route, { data: { repository: Object.fromEntries(commits) } });
      }
    }
    if (request.method() === 'POST' && url.pathname === `/repos/${owner}/${name}/pulls`) {
      const body = request.postDataJSON() as { title: string; head: string; base: string; draft: boolean };
      call(`open a pull request from ${body.head}`);
      record.saved.pulls.push({ title: body.title, head: body.head, base: body.base, draft: body.draft });
      const number = ++pullNumbers;
      return json(
        route,
        {
          number,
          node_id: `PR_${number}`,
          title: body.title,
          html_url: `https://github.com/${repo}/pull/${number}`,
          head: { ref: body.head, sha: branchHeads.get(body.head) },
          base: { ref: body.base },
          draft: body.draft,
          state: 'open',
          created_at: '2026-12-01T10:10:00Z',
          updated_at: '2026-12-01T10:10:00Z',
        },
        201,
      );
    }
    const labels = new RegExp(`^/repos/${owner}/${name}/issues/(\\d+)/labels$`).exec(url.pathname);
    if (request.method() === 'POST' && labels) {
      const body = request.postDataJSON() as { labels: string[] };
      call(`label pull request ${labels[1]}`);
      record.saved.labels.push({ number: Number(labels[1]), labels: body.labels });
      return json(
        route,
        body.labels.map((label, i) => ({ id: i + 1, name: label, color: 'ededed', default: false })),
      );
    }
    unexpected(request, 'no stub');
    return json(route, { message: 'Not Implemented' }, 501);
  });
  return record;
}
