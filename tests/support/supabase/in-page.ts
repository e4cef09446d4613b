/**
 * The stand-in's transport in Chromium: Playwright intercepts every request
 * to the test build's Supabase URL in a page and hands it to the stand-in,
 * which says what to answer.
 */
import type { Page } from '@playwright/test';
import { SUPABASE_URL } from './project';
import { httpAnswer, SupabaseStandIn } from './stand-in';

/** A stand-in answering `page`'s calls to Supabase. */
export async function standInOnPage(page: Page): Promise<SupabaseStandIn> {
  const standIn = new SupabaseStandIn();
  await page.route(`${SUPABASE_URL}/**`, async (route) => {
    const request = route.request();
    const answer = await standIn.respond({
      method: request.method(),
      url: new URL(request.url()),
      headers: await request.allHeaders(),
      body: request.postData() ?? '',
    });
    if ('network' in answer) return route.abort(answer.network);
    return route.fulfill(httpAnswer(answer));
  });
  return standIn;
}
