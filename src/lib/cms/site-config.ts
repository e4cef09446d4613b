/**
 * The CMS configuration of this site: the content model (src/lib/content/model.ts)
 * with the product categories of the content being built, and the repository
 * and branch of content/site.yaml.
 */
import { contentModel } from '../content/model';
import { readProductCategories, readSite } from '../content/read';
import { cmsConfig, type CmsConfig } from './config';

/** The site's icon, shown on the CMS's sign-in screen. */
export const CMS_LOGO = '/favicon.svg';

/**
 * `contentDir`: the content being built (CONTENT_DIR in tests); the CMS always edits the repository's content/.
 * `appTitle`: the title of the /admin page (content/pages/admin.yaml).
 */
export function siteCmsConfig(contentDir: string, siteUrl: string, appTitle: string): CmsConfig {
  const site = readSite(contentDir);
  return cmsConfig({
    model: contentModel(readProductCategories(contentDir)),
    contentDir: 'content',
    repo: site.repository.github,
    branch: site.repository.branch,
    siteUrl,
    appTitle,
    logo: CMS_LOGO,
  });
}
