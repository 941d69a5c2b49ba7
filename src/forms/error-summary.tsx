import type { MouseEvent, Ref } from 'react';

export interface ErrorSummaryItem {
  /** The id of the field's control, or of the group holding its controls. */
  fieldId: string;
  message: string;
}

/** Focuses a field by its id: the control itself, or the first control inside a group (radios). */
function focusField(id: string) {
  const element = document.getElementById(id);
  const control = element?.matches('input, select, textarea, button')
    ? element
    : element?.querySelector<HTMLElement>('input, select, textarea, button');
  control?.focus();
}

/**
 * The error summary at the top of a form (GOV.UK's pattern): after a failed submit it takes focus, says there is a
 * problem and lists each field's message as a link that moves focus to the field.
 */
export function ErrorSummary({ id, items, ref }: { id: string; items: ErrorSummaryItem[]; ref?: Ref<HTMLDivElement> }) {
  const follow = (event: MouseEvent, fieldId: string) => {
    event.preventDefault();
    focusField(fieldId);
  };
  return (
    <div id={id} ref={ref} className="error-summary" tabIndex={-1} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>There is a problem</h3>
      <ul>
        {items.map(({ fieldId, message }) => (
          <li key={fieldId}>
            <a href={`#${fieldId}`} onClick={(event) => follow(event, fieldId)}>
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
