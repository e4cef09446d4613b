/** The demo-request form on /advertising: a demo or a contact request (definition: src/lib/forms/demo.ts). */
import { demoForm } from '../../lib/forms/demo';
import type { FormsCopy } from '../../lib/content/schemas';
import { SubmissionForm } from '../forms/SubmissionForm';

interface Props {
  copy: FormsCopy['demo'];
  common: FormsCopy['common'];
  labelledBy?: string;
}

export default function DemoForm({ copy, common, labelledBy }: Props) {
  return (
    <SubmissionForm
      definition={demoForm}
      copy={copy}
      common={common}
      labelledBy={labelledBy}
      radioLabels={{ requestType: copy.requestTypes }}
      success={(values) => ({
        title: copy.success.title,
        text: values.requestType === 'contact' ? copy.success.contact : copy.success.demo,
      })}
    />
  );
}
