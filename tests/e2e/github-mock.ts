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
 *   it is in this working copy.
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

export interface SignInRecord {
  /** The query of each request to Netlify's /auth. */
  authorizations: URLSearchParams[];
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
export async function mockGitHubSignIn(context: BrowserContext, { repo, branch }: GitHubRepo): Promise<SignInRecord> {
  const record: SignInRecord = { authorizations: [], calls: [], unexpected: [] };
  const [owner, name] = repo.split('/');
  const blobs = contentBlobs();
  const bySha = new Map(blobs.map((b) => [b.sha, b]));
  const head = gitSha('commit', Buffer.from(`tree of ${blobs.map((b) => b.sha).join('')}`));
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
      if (variables.owner !== owner || variables.repo !== name || (variables.branch !== undefined && variables.branch !== branch)) {
        unexpected(request, `variables ${JSON.stringify(variables)}`);
        return json(route, {
          errors: [
            { type: 'NOT_FOUND', message: `Could not resolve to a Repository with the name '${variables.owner}/${variables.repo}'.` },
          ],
        });
      }
      const aliases = (pattern: RegExp) => [...query.matchAll(pattern)];
      if (/history\(first: 1\) \{ nodes \{ oid message \} \}/.test(query)) {
        call('last commit');
        return json(route, {
          data: { repository: { ref: { target: { history: { nodes: [{ oid: head, message: 'Content: update Newsbox' }] } } } } },
        });
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
      if (query.includes(`object(oid: "${head}")`) && query.includes('deployments(')) {
        call('deploy status');
        return json(route, { data: { repository: { commit_0: { status: null, deployments: { nodes: [] } } } } });
      }
    }
    unexpected(request, 'no stub');
    return json(route, { message: 'Not Implemented' }, 501);
  });
  return record;
}
