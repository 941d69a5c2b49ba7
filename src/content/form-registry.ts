import type { FormDefinition } from '../shared/generated/form-definition';
import { formAliases } from '../shared/generated/form-aliases';
import { withRuleMessages } from '../shared/rule-messages';
import { fillForm } from './site';

// Forms are few and do not grow with the pages: each definition and its validator is a chunk loaded on demand.
const formLoaders = import.meta.glob<FormDefinition>('/pages/forms/*.json', { import: 'default' });
const validatorLoaders = import.meta.glob<Record<string, unknown>>('/src/shared/generated/validators/*.ts', {
  import: 'default',
});

/** The form whose files an id loads: its own, or for an alias the form it answers with. */
const fileOf = (formId: string) => formAliases[formId]?.form ?? formId;

export async function loadForm(formId: string): Promise<FormDefinition> {
  const load = formLoaders[`/pages/forms/${fileOf(formId)}.json`];
  if (!load) throw new Error(`No form "${formId}" in pages/forms`);
  const form = await load();
  const alias = formAliases[formId];
  // The schema the form's validator was compiled from (npm run generate): one message per rule. An alias files its
  // records under its own id and title.
  return { ...fillForm(form), ...(alias ? { id: formId, title: alias.title } : {}), schema: withRuleMessages(form.schema) };
}

export async function loadValidatorFunctions(formId: string): Promise<Record<string, unknown>> {
  const load = validatorLoaders[`/src/shared/generated/validators/${fileOf(formId)}.ts`];
  if (!load) throw new Error(`No compiled validator for form "${formId}": run npm run generate`);
  return load();
}
