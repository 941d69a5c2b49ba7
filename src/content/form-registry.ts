import type { FormDefinition } from '../shared/generated/form-definition';
import { withRuleMessages } from '../shared/rule-messages';
import { fillSite } from './site';

// Forms are few and do not grow with the pages: each definition and its validator is a chunk loaded on demand.
const formLoaders = import.meta.glob<FormDefinition>('/pages/forms/*.json', { import: 'default' });
const validatorLoaders = import.meta.glob<Record<string, unknown>>('/src/shared/generated/validators/*.ts', {
  import: 'default',
});

export async function loadForm(formId: string): Promise<FormDefinition> {
  const load = formLoaders[`/pages/forms/${formId}.json`];
  if (!load) throw new Error(`No form "${formId}" in pages/forms`);
  const form = await load();
  // The schema the form's validator was compiled from (npm run generate): one message per rule.
  return { ...fillSite(form), schema: withRuleMessages(form.schema) };
}

export async function loadValidatorFunctions(formId: string): Promise<Record<string, unknown>> {
  const load = validatorLoaders[`/src/shared/generated/validators/${formId}.ts`];
  if (!load) throw new Error(`No compiled validator for form "${formId}": run npm run generate`);
  return load();
}
