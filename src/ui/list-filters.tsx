import { useEffect, useId, useRef, useState } from 'react';
import { SEARCH_TOO_SHORT, isSearchable } from '../shared/lead-search';

const SEARCH_DELAY_MS = 350;

/**
 * The search box of a list screen's filters: the list follows the typing after a pause, and the address keeps the
 * text. Text too short for the index to look up is not sent; the box says what it needs instead.
 */
export function SearchFilter({
  value,
  placeholder,
  onChange,
  className,
  maxLength = 100,
}: {
  value: string;
  placeholder: string;
  onChange: (value: string) => void;
  className?: string;
  /** The longest text the list's API takes. */
  maxLength?: number;
}) {
  const hintId = useId();
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const search = useRef(onChange);
  useEffect(() => {
    search.current = onChange;
  });
  // The address can change under the box (Back, a link): show what it says.
  useEffect(() => {
    if (value !== sent.current) setText((sent.current = value));
  }, [value]);
  const tooShort = text.trim() !== '' && !isSearchable(text.trim());
  useEffect(() => {
    if (text === sent.current || tooShort) return;
    const timer = setTimeout(() => search.current((sent.current = text)), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, tooShort]);
  return (
    <label className={className}>
      Search
      <input
        type="search"
        value={text}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-describedby={tooShort ? hintId : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      {tooShort ? (
        <small id={hintId} className="form-hint">
          {SEARCH_TOO_SHORT}
        </small>
      ) : null}
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
