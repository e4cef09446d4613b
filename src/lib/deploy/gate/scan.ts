/** Detectors for the pre-publish check of dist/: leaked secrets and unsafe new-tab links. */

export interface Finding {
  kind: string;
  excerpt: string;
}

function payloadOf(jwt: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Secrets that must never reach the browser: Supabase secret / service-role keys, private keys. */
export function findSecrets(text: string): Finding[] {
  const findings: Finding[] = [];
  for (const m of text.matchAll(/sb_secret_[A-Za-z0-9_-]*/g))
    findings.push({ kind: 'Supabase secret key (sb_secret_)', excerpt: m[0].slice(0, 16) });
  for (const m of text.matchAll(/eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g)) {
    const payload = payloadOf(m[0]);
    if (payload?.role === 'service_role' || payload?.role === 'supabase_admin') {
      findings.push({ kind: `JWT with role ${String(payload.role)}`, excerpt: `${m[0].slice(0, 24)}…` });
    }
  }
  for (const m of text.matchAll(/SERVICE_ROLE(_KEY)?\s*[:=]\s*["']?[A-Za-z0-9_.-]{8,}/gi))
    findings.push({ kind: 'service-role key assignment', excerpt: m[0].slice(0, 24) });
  for (const m of text.matchAll(/-----BEGIN [A-Z ]*PRIVATE KEY-----/g)) findings.push({ kind: 'private key', excerpt: m[0] });
  return findings;
}

/** <a> (or <area>/<form>) with target="_blank" whose rel lacks noopener. */
export function findUnsafeBlankTargets(html: string): Finding[] {
  const findings: Finding[] = [];
  for (const m of html.matchAll(/<(a|area|form)\b[^>]*>/gi)) {
    const tag = m[0];
    if (!/\btarget\s*=\s*["']?_blank\b/i.test(tag)) continue;
    const rel = /\brel\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
    const values = (rel?.[1] ?? rel?.[2] ?? rel?.[3] ?? '').toLowerCase().split(/\s+/);
    if (!values.includes('noopener') && !values.includes('noreferrer'))
      findings.push({ kind: 'target=_blank without noopener', excerpt: tag.slice(0, 160) });
  }
  return findings;
}
