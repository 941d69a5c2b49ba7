import type { WidgetProps } from '@rjsf/utils';

/** Radio buttons; options listed in ui:options.hiddenOptions are valid values a page can fix but nobody picks. */
export function RadioWidget({ id, value, required, disabled, readonly, onChange, onBlur, onFocus, options, label }: WidgetProps) {
  const hidden = (options.hiddenOptions as string[] | undefined) ?? [];
  const choices = (options.enumOptions ?? []).filter((o) => !hidden.includes(o.value));
  return (
    <div className="radio-group" role="radiogroup" id={id} aria-label={label} aria-required={required || undefined}>
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
