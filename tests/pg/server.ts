/**
 * A throwaway PostgreSQL server for one test run: Debian's PostgreSQL 15
 * binaries (PG_BIN to use others), a cluster initialised in a temporary
 * directory (as the `postgres` user when the run is root, since initdb refuses
 * root), a free port, its unix socket in the same directory, and stopped and
 * deleted at the end even when the tests fail or the process exits early.
 * With `cron`, the real pg_cron (Debian's postgresql-15-cron) is loaded and runs
 * the jobs of the `postgres` database in background workers, as on Supabase.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface Server {
  /** Connection settings for node-postgres (over the unix socket). */
  connection: { host: string; port: number; user: string; database: string };
  /** The server's settings that matter to the figures it produces. */
  settings: Record<string, string>;
  stop: () => void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Runs a server binary, as `postgres` when this process is root. */
function runAsOwner(binary: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, binary), ...args]] : [join(PG_BIN, binary), args];
  execFileSync(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Whether these binaries have pg_cron next to them. */
export function hasPgCron(): boolean {
  const share = execFileSync(join(PG_BIN, 'pg_config'), ['--sharedir'], { encoding: 'utf8' }).trim();
  return existsSync(join(share, 'extension', 'pg_cron.control'));
}

export interface ServerOptions {
  maxConnections: number;
  /** Load the real pg_cron. */
  cron?: boolean;
}

export async function startServer(options: ServerOptions): Promise<Server> {
  if (!existsSync(join(PG_BIN, 'initdb'))) {
    throw new Error(`PostgreSQL binaries not found in ${PG_BIN}: install Debian's postgresql package (.ci/run does) or set PG_BIN`);
  }
  if (options.cron && !hasPgCron()) {
    throw new Error(`pg_cron not found for ${PG_BIN}: install Debian's postgresql-15-cron package (.ci/run does)`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'corvana-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  let started = false;
  const stop = () => {
    process.off('exit', stop);
    if (started) {
      started = false;
      const asRoot = process.getuid?.() === 0;
      const args = ['-D', data, '-m', 'immediate', '-w', 'stop'];
      if (asRoot) spawnSync('runuser', ['-u', 'postgres', '--', join(PG_BIN, 'pg_ctl'), ...args], { stdio: 'ignore' });
      else spawnSync(join(PG_BIN, 'pg_ctl'), args, { stdio: 'ignore' });
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', stop);
  try {
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(dir, uid, gid);
    }
    runAsOwner('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C']);
    const port = await freePort();
    const settings = {
      max_connections: String(options.maxConnections),
      // SERIALIZABLE with this many connections needs more predicate locks than the default 64 each.
      max_pred_locks_per_transaction: '1024',
      // A commit does not wait for the disk: the figures then show the database's work, not this machine's fsync.
      synchronous_commit: 'off',
      listen_addresses: '127.0.0.1',
      unix_socket_directories: dir,
      ...(options.cron
        ? { shared_preload_libraries: 'pg_cron', 'cron.database_name': 'postgres', 'cron.use_background_workers': 'on' }
        : {}),
    };
    const serverOptions = [`-p ${port}`, ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`)].join(' ');
    started = true;
    runAsOwner('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', '-o', serverOptions, 'start']);
    const connection = { host: dir, port, user: 'postgres', database: 'postgres' };
    const client = new pg.Client(connection);
    await client.connect();
    const { rows } = await client.query<{ name: string; setting: string }>(
      `select name, setting from pg_settings where name in ('server_version', 'max_connections', 'max_pred_locks_per_transaction', 'synchronous_commit', 'shared_preload_libraries') order by name`,
    );
    await client.end();
    return { connection, settings: Object.fromEntries(rows.map((r) => [r.name, r.setting])), stop };
  } catch (error) {
    const serverLog = existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : '';
    stop();
    throw new Error(`could not start PostgreSQL: ${(error as Error).message}\n${serverLog}`);
  }
}
