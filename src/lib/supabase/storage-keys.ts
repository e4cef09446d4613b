/**
 * Where Supabase Auth keeps a session in the browser: sb-<project ref>-auth-token
 * (./config.ts `authStorageKey` names this build's). A module of its own, with
 * nothing else in it, because the form islands' directive (src/directives/form.ts)
 * is inlined into pages and must stay tiny.
 */
export const AUTH_TOKEN_KEY = /^sb-.+-auth-token$/;
