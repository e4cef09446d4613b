/**
 * supabase/functions/_shared/form-definitions.ts is what src/lib/forms/team-message.ts
 * writes from the form definitions and their labels in content/forms.yaml, not
 * a stale copy: a label changed in the CMS or a field added to a definition
 * fails here until the module is rewritten
 * (`npx vitest run --project content -u tests/content/team-forms-module.test.ts`).
 */
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { parse } from 'yaml';
import { FORM_NAMES, FORMS } from '../../src/lib/forms';
import { teamFormsModule, type FormWithCopy } from '../../src/lib/forms/team-message';

const GENERATED = 'supabase/functions/_shared/form-definitions.ts';

interface FormCopy {
  fields: Record<string, { label: string }>;
  requestTypes?: Record<string, string>;
}

describe(GENERATED, () => {
  it('is the data of the four forms and their labels in content/forms.yaml (run with -u to rewrite it)', async () => {
    const copy = (parse(readFileSync('content/forms.yaml', 'utf8')) as { forms: Record<string, FormCopy> }).forms;
    const forms: FormWithCopy[] = FORM_NAMES.map((name) => ({
      definition: FORMS[name],
      labels: copy[name].fields,
      // The demo form's radio group shows the request types' words.
      ...(copy[name].requestTypes ? { radioLabels: { requestType: copy[name].requestTypes } } : {}),
    }));
    const source = await format(teamFormsModule(forms), { ...(await resolveConfig(GENERATED)), filepath: GENERATED });
    await expect(source).toMatchFileSnapshot(`../../${GENERATED}`);
  });
});
