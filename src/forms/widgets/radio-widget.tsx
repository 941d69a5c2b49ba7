import type { WidgetProps } from '@rjsf/utils';

/**
 * Radio buttons; options listed in ui:options.hiddenOptions are valid values a page can fix but nobody picks. The
 * field template puts them in a fieldset whose legend asks the question and which carries the field's error.
 */
export function RadioWidget({ id, value, disabled, readonly, onChange, onBlur, onFocus, options }: WidgetProps) {
  const hidden = (options.hiddenOptions as string[] | undefined) ?? [];
  const choices = (options.enumOptions ?? []).filter((o) => !hidden.includes(o.value));
  return (
    <div className="radio-group" id={id}>
      {choices.map((option, i) => (
        <label key={String(option.value)} className="radio-option">
          <input
            type="radio"
            id={`${id}-${i}`}
            name={id}
            value={String(option.value)}
            checked={value === option.value}
            disabled={disabled || readonly}
            onChange={() => onChange(option.value)}
            onBlur={() => onBlur(id, value)}
            onFocus={() => onFocus(id, value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
