/** The search box of a list screen's filters; the list follows the address, so each keystroke replaces it. */
export function SearchFilter({ value, placeholder, onChange }: { value: string; placeholder: string; onChange: (value: string) => void }) {
  return (
    <label>
      Search
      <input type="search" value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

type Option = string | { value: string; label: string };

/** A filter menu: the empty choice (all) first, then the options, plain values or values with labels. */
export function SelectFilter({
  label,
  value,
  all,
  options,
  onChange,
}: {
  label: string;
  value: string;
  all: string;
  options: readonly Option[];
  onChange: (value: string) => void;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{all}</option>
        {options.map((option) => {
          const { value: v, label: text } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={v} value={v}>
              {text}
            </option>
          );
        })}
      </select>
    </label>
  );
}
