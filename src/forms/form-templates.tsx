import { useLayoutEffect } from 'react';
import { getDefaultRegistry } from '@rjsf/core';
import {
  getUiOptions,
  toPath,
  type ErrorListProps,
  type FieldTemplateProps,
  type ObjectFieldTemplateProps,
  type TemplatesType,
} from '@rjsf/utils';
import { ErrorSummary } from './error-summary';

const defaults = getDefaultRegistry().templates;

/** The id of a form's error summary, from the form's id prefix. */
export const errorSummaryId = (idPrefix: string) => `${idPrefix}__error-summary`;

/** rjsf's error list as the form's error summary, one link per field. */
function ErrorListTemplate({ errors, registry }: ErrorListProps) {
  const { idPrefix, idSeparator } = registry.globalFormOptions;
  const seen = new Set<string>();
  const items = errors.flatMap((error) => {
    const fieldId = [idPrefix, ...toPath(error.property ?? '')].join(idSeparator);
    if (!error.message || seen.has(fieldId)) return [];
    seen.add(fieldId);
    return [{ fieldId, message: error.message }];
  });
  return <ErrorSummary id={errorSummaryId(idPrefix)} items={items} />;
}

/**
 * Every field as rjsf lays it out, with two changes: its control carries aria-invalid while the field has an error
 * (rjsf's own widgets link the message through aria-describedby but never mark the control), and a radio group is a
 * fieldset whose legend is the question, so the question is read with each choice.
 */
function FieldTemplate(props: FieldTemplateProps) {
  const { id, rawErrors, uiSchema, label, required, description, children, errors, help, hidden, displayLabel } = props;
  const invalid = !hidden && !!rawErrors?.length;
  useLayoutEffect(() => {
    const control = document.getElementById(id);
    if (!control || control.tagName === 'FIELDSET' || control.tagName === 'DIV') return;
    if (invalid) control.setAttribute('aria-invalid', 'true');
    else control.removeAttribute('aria-invalid');
  }, [id, invalid]);
  const options = getUiOptions(uiSchema);
  if (hidden || options.widget !== 'radio') return <defaults.FieldTemplate {...props} />;
  return (
    <defaults.WrapIfAdditionalTemplate {...props}>
      <fieldset
        className="radio-fieldset"
        role="radiogroup"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}__error` : undefined}
      >
        {displayLabel && label ? (
          <legend className="control-label">
            {label}
            {required ? <span className="required">*</span> : null}
          </legend>
        ) : null}
        {displayLabel && description ? description : null}
        {children}
        {errors}
        {help}
      </fieldset>
    </defaults.WrapIfAdditionalTemplate>
  );
}

/** The form's fields; a fieldset only where a group has a title for its legend. */
function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  if (props.title) return <defaults.ObjectFieldTemplate {...props} />;
  return (
    <div id={props.fieldPathId.$id}>
      {props.description}
      {props.properties.map((property) => property.content)}
    </div>
  );
}

export const formTemplates: Partial<TemplatesType> = { ErrorListTemplate, FieldTemplate, ObjectFieldTemplate };
