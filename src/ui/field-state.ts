/** A form control a visitor fills in. */
export type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What a visitor presses or picks rather than types into. */
const untyped = ['checkbox', 'radio', 'file', 'hidden', 'submit', 'button', 'reset', 'image'];

export const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;

/** A field that holds text the visitor gives (or an option they pick). */
export const typedInto = (field: Field) => field instanceof HTMLSelectElement || !untyped.includes(field.type);

/** What the field holds as the page rendered it: its default text, or the option chosen in the markup. */
export function renderedValue(field: Field): string {
  if (field instanceof HTMLSelectElement) {
    return ([...field.options].find((option) => option.defaultSelected) ?? field.options[0])?.value ?? '';
  }
  return field.defaultValue;
}

/** The fields under root that no longer hold what the page rendered: the visitor typed into them or picked in them. */
export const changedFields = (root: ParentNode): Field[] =>
  [...root.querySelectorAll<Field>('input, textarea, select')].filter((field) => typedInto(field) && field.value !== renderedValue(field));
