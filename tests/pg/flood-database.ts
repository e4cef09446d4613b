/**
 * The database the flood suite and the load benchmark send to: a throwaway
 * PostgreSQL server (./server.ts) with the migrations applied as on Supabase
 * (stand-ins for Vault and pg_net, so the notification trigger runs), and a
 * pool of connections, one per concurrent request.
 */
import type pg from 'pg';
import { RESET_LIMITS_SQL, setupScripts } from '../support/supabase/postgrest';
import { connect } from './requests';
import { startServer, type Server } from './server';

export interface FloodDatabase {
  server: Server;
  /** The owner's connection, for setup and counting. */
  owner: pg.Client;
  /** One connection per concurrent request. */
  clients: pg.Client[];
  /** Empty the forms' tables, the limits' bookkeeping, the outbox and the notification queue. */
  fresh(): Promise<void>;
  /** Runs the scheduled purge over and over while `work` runs, as pg_cron may: the runs it made and what `work` gave. */
  purgeDuring<T>(work: () => Promise<T>): Promise<{ result: T; purges: number }>;
  close(): Promise<void>;
}

export async function openFloodDatabase(concurrency: number): Promise<FloodDatabase> {
  const server = await startServer({ maxConnections: concurrency + 20 });
  const [owner] = await connect(server.connection, 1);
  for (const script of setupScripts({ extensions: true })) await owner.query(script.sql);
  await owner.query(
    `insert into vault.decrypted_secrets values ('notify_submission_url', 'http://127.0.0.1/notify'), ('notify_submission_secret', 'x')`,
  );
  const clients = await connect(server.connection, concurrency);
  return {
    server,
    owner,
    clients,
    fresh: async () => {
      await owner.query(
        `${RESET_LIMITS_SQL}; truncate public.contact_submissions, public.job_applications, net.http_request_queue, net._http_response`,
      );
    },
    purgeDuring: async (work) => {
      let done = false;
      let purges = 0;
      const purging = (async () => {
        while (!done) {
          await owner.query('select private.form_throttle_purge()');
          purges++;
          // A breath between runs, so the purge overlaps the inserts without taking a core from them.
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
      })();
      const result = await work().finally(() => (done = true));
      await purging;
      return { result, purges };
    },
    close: async () => {
      await Promise.all(clients.map((client) => client.end().catch(() => {})));
      await owner.end().catch(() => {});
      server.stop();
    },
  };
}
