/** The real lists fit the forms: what a visitor can choose fits the database columns. */
import { describe, it, expect } from 'vitest';
import { emptyValues, toRow } from '../../src/lib/forms/definition';
import { careersForm } from '../../src/lib/forms/careers';
import { productTeamForm } from '../../src/lib/forms/product-team';
import { readListItems, readSite } from '../../src/lib/content/read';
import { fill, placeholderValues } from '../../src/lib/content/placeholders';

const id = '22222222-2222-4222-8222-222222222222';

describe('content/lists and the forms', () => {
  it('fit the longest product and domain of content/lists/recruitment-products.yaml in the expertise column', () => {
    const values = placeholderValues(readSite());
    const products = readListItems('content', 'recruitmentProducts') as { title: string; domains: string[] }[];
    const expertise = careersForm.fields.find((f) => f.name === 'expertise')!.maxLength!;
    const longestChoice = Math.max(
      ...products.flatMap((p) =>
        p.domains.map(
          (d) =>
            toRow(productTeamForm, { ...emptyValues(productTeamForm), product: fill(p.title, values), domain: d }, id).expertise!.length,
        ),
      ),
    );
    expect(products.length).toBeGreaterThan(0);
    expect(longestChoice).toBeLessThanOrEqual(expertise);
  });

});
