/**
 * The CMS configuration of this site: the content model (src/lib/content/model.ts)
 * with the product categories of the content being built, the repository and
 * branch of content/site.yaml, and decap-server's address for local editing.
 */
import { contentModel } from '../content/model';
import { readProductCategories, readSite } from '../content/read';
import { CMS_PROXY_ORIGIN } from '../deploy/csp';
import { cmsConfig, type CmsConfig } from './config';

/** `contentDir`: the content being built (CONTENT_DIR in tests); the CMS always edits the repository's content/. */
export function siteCmsConfig(contentDir: string, siteUrl: string): CmsConfig {
  const site = readSite(contentDir);
  return cmsConfig({
    model: contentModel(readProductCategories(contentDir)),
    contentDir: 'content',
    repo: site.repository.github,
    branch: site.repository.branch,
    siteUrl,
    localProxyUrl: `${CMS_PROXY_ORIGIN}/api/v1`,
  });
}
