import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isCardOf, writeAtomically, writeSocialCards } from '../../../src/lib/social-cards/write';
import { imageInfo } from '../../../src/lib/social-cards/image-file';
import { fixtureSite } from '../../fixtures';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cards-write-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pages = [
  { kind: 'page' as const, meta: { path: '/about', title: 'About Acme | Acme' } },
  { kind: 'service' as const, meta: { path: '/services/x', title: 'Managed services | Acme' } },
] as Parameters<typeof writeSocialCards>[0]['pages'];

describe('the cards’ cache', () => {
  it('keeps each card under its version, written whole (a temporary name, then renamed)', async () => {
    const cacheDir = join(dir, 'cache');
    const first = await writeSocialCards({ dist: join(dir, 'dist'), pages, site: fixtureSite, host: 'https://acme.example', cacheDir });
    expect(first.drawn).toBe(2);
    expect(readdirSync(cacheDir).sort()).toEqual(first.cards.map((c) => `${c.version}.png`).sort());
    for (const card of first.cards) expect(isCardOf(join(cacheDir, `${card.version}.png`), card.version)).toBe(true);
    const again = await writeSocialCards({ dist: join(dir, 'dist2'), pages, site: fixtureSite, host: 'https://acme.example', cacheDir });
    expect(again).toMatchObject({ drawn: 0, cached: 2 });
  });

  it('draws again a cached card cut short or marked with another version, and mends the cache', async () => {
    const cacheDir = join(dir, 'cache');
    const [about, service] = (
      await writeSocialCards({ dist: join(dir, 'dist3'), pages, site: fixtureSite, host: 'https://acme.example', cacheDir })
    ).cards;
    const cut = join(cacheDir, `${about.version}.png`);
    writeFileSync(cut, readFileSync(cut).subarray(0, 5_000));
    writeFileSync(join(cacheDir, `${service.version}.png`), readFileSync(cut)); // a file under the wrong name
    expect(isCardOf(cut, about.version)).toBe(false);
    const result = await writeSocialCards({ dist: join(dir, 'dist4'), pages, site: fixtureSite, host: 'https://acme.example', cacheDir });
    expect(result.drawn).toBe(2);
    expect(imageInfo(readFileSync(join(dir, 'dist4', about.file)))).toMatchObject({ width: 1200, height: 630, version: about.version });
    expect(isCardOf(cut, about.version)).toBe(true);
  });

  it('leaves no temporary file behind, and removes one an interrupted build left an hour ago', async () => {
    const target = join(dir, 'atomic.png');
    writeAtomically(target, Buffer.from('whole'));
    expect(readFileSync(target, 'utf8')).toBe('whole');
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const cacheDir = join(dir, 'cache');
    const stale = join(cacheDir, 'abc.png.1.2.tmp');
    writeFileSync(stale, 'half a card');
    const hourAgo = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(stale, hourAgo, hourAgo);
    const fresh = join(cacheDir, 'def.png.1.2.tmp');
    writeFileSync(fresh, 'another build is writing this');
    await writeSocialCards({ dist: join(dir, 'dist5'), pages, site: fixtureSite, host: 'https://acme.example', cacheDir });
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });
});
