/** The copy of the forms and the sign-in card (content/forms.yaml), placeholders filled. Build time only. */
import { getEntry } from 'astro:content';
import { filled } from './collections';
import type { FormsCopy } from './schemas';

export async function getFormsCopy(): Promise<FormsCopy> {
  const entry = await getEntry('forms', 'forms');
  if (!entry) throw new Error('content/forms.yaml must define a top-level "forms:" entry');
  return filled(entry.data as FormsCopy);
}
