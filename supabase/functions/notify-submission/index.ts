/**
 * Supabase Edge Function `notify-submission`: tells the team about each new
 * contact request, demo request or application. The database calls it after
 * every insert (supabase/schemas/31_delivery_notify.sql); what it
 * answers is in handler.ts, its secrets in supabase/README.md.
 *
 * Only Deno built-ins and Web APIs: no remote import, so its tests run offline.
 */
import { readConfig } from './config.ts';
import { createHandler } from './handler.ts';

Deno.serve(createHandler(readConfig((name) => Deno.env.get(name))));
