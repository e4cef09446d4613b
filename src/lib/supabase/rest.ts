/**
 * Inserts for the forms through PostgREST (the database part of supabase-js,
 * about 6 KB instead of 55 KB). Inserts only: never `.select()` or
 * `.upsert()` afterwards, since anon may not read rows back. No `Prefer`
 * header is sent, so PostgREST answers 201 with an empty body.
 */
import { PostgrestClient } from '@supabase/postgrest-js';
import { anonHeaders, backendConfig, NOT_CONFIGURED_MESSAGE, type BackendConfig } from './config';
import { BackendNotConfiguredError, type InsertResult } from '../forms/submit';
import type { TableName } from '../forms/definition';

/** Abort a request that has not answered after this long; it then counts as a network failure and is retried. */
const REQUEST_TIMEOUT_MS = 20_000;

export interface RestBackend {
  insert(table: TableName, row: object): Promise<InsertResult>;
}

export function createRestBackend(config: BackendConfig | null): RestBackend {
  let client: PostgrestClient | undefined;
  return {
    async insert(table, row) {
      if (!config) {
        console.error(NOT_CONFIGURED_MESSAGE);
        throw new BackendNotConfiguredError(NOT_CONFIGURED_MESSAGE);
      }
      client ??= new PostgrestClient(`${config.url}/rest/v1`, {
        headers: anonHeaders(config),
        schema: 'public',
        retry: false, // retries are ours (src/lib/forms/submit.ts), with the row id making them safe
        timeout: REQUEST_TIMEOUT_MS,
      });
      const { error, status } = await client.from(table).insert(row as never);
      return { error, status };
    },
  };
}

export const restBackend = createRestBackend(backendConfig);
