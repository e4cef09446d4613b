/** The careers application on /join-{slug}#application-form (definition: src/lib/forms/careers.ts). */
import { careersForm } from '../../lib/forms/careers';
import type { FormsCopy } from '../../lib/content/schemas';
import { SubmissionForm } from '../forms/SubmissionForm';

interface Props {
  copy: FormsCopy['careers'];
  common: FormsCopy['common'];
  /** The expertise areas (content/lists/expertise.yaml). */
  expertise: string[];
  labelledBy?: string;
}

export default function CareersForm({ copy, common, expertise, labelledBy }: Props) {
  return (
    <SubmissionForm
      definition={careersForm}
      copy={copy}
      common={common}
      labelledBy={labelledBy}
      choices={() => ({ expertise: { options: expertise } })}
      success={() => copy.success}
    />
  );
}
