/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** Supabase project URL, e.g. https://abcd.supabase.co. Optional: without it forms say the backend is not configured. */
  readonly PUBLIC_SUPABASE_URL?: string;
  /** Supabase public anon (or sb_publishable_) key. Never a service-role key. */
  readonly PUBLIC_SUPABASE_ANON_KEY?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first interaction with the island, or on the first scroll with "scroll" (src/directives/interaction.ts). */
    'client:interaction'?: boolean | 'scroll';
    /** A form island: hydrate on the first interaction, or at once in the cases its value names, keeping what the visitor does meanwhile (src/directives/form.ts). */
    'client:form'?: 'session' | `draft:${string}`;
  }
}
declare global {
  /** Paths never loaded before their click (astro.config.mjs, from src/lib/routes/speculation.ts), set at build time. */
  const __UNSPECULATED_PATHS__: string[];
  /**
   * The paths earlier builds published that no live page serves now (src/lib/routes/published.ts, set by
   * astro.config.mjs): where each moved one leads (301), and the gone ones (410) with their gone pages.
   */
  const __PUBLISHED_PATHS__: {
    moved: { from: string; to: string }[];
    gone: { path: string; page: string; kind: string; title: string; section: { path: string; name: string } }[];
  };
}
export {};
