/**
 * The fake Supabase project the test build is made with (.env.test): its URL,
 * its anon key, and the key under which the auth client stores a session.
 * The browser suites answer that URL with the stand-in (./stand-in.ts).
 */
import { readFileSync } from 'node:fs';

function envTest(name: string): string {
  const line = readFileSync('.env.test', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}=`));
  if (!line) throw new Error(`.env.test has no ${name}`);
  return line.slice(name.length + 1).trim();
}

export const SUPABASE_URL = envTest('PUBLIC_SUPABASE_URL');
export const ANON_KEY = envTest('PUBLIC_SUPABASE_ANON_KEY');
export const AUTH_STORAGE_KEY = `sb-${new URL(SUPABASE_URL).hostname.split('.')[0]}-auth-token`;
