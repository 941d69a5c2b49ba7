import { useId, useState } from 'react';
import { fromIndiaDateTimeInput, indiaDateTimeInput } from '../../shared/india-time';

interface FollowUpFieldProps {
  /** The follow-up as stored (an ISO instant), or null for none. */
  value: string | null;
  onChange: (value: string | null) => void;
  disabled?: boolean;
  label?: string;
}

/** A date and time in India's time for the next follow-up, with quick picks for the usual ones. */
export function FollowUpField({ value, onChange, disabled, label = 'Next follow-up' }: FollowUpFieldProps) {
  const id = useId();
  const [typed, setTyped] = useState(value ? indiaDateTimeInput(value) : '');
  // A follow-up saved elsewhere (the other form of the lead) shows here too.
  const [saved, setSaved] = useState(value);
  if (saved !== value) {
    setSaved(value);
    setTyped(value ? indiaDateTimeInput(value) : '');
  }
  const set = (input: string) => {
    setTyped(input);
    onChange(input ? fromIndiaDateTimeInput(input) : null);
  };
  const inHours = (hours: number) => set(indiaDateTimeInput(new Date(Date.now() + hours * 3_600_000)));
  const tomorrowAt = (hour: number) => {
    const [day] = indiaDateTimeInput(new Date(Date.now() + 86_400_000)).split('T');
    set(`${day}T${String(hour).padStart(2, '0')}:00`);
  };
  return (
    <div className="follow-up-field">
      <label htmlFor={id}>{label} (India time)</label>
      <input id={id} type="datetime-local" value={typed} disabled={disabled} onChange={(e) => set(e.target.value)} />
      <div className="follow-up-picks" role="group" aria-label="Quick picks">
        <button type="button" className="button button-light button-small" disabled={disabled} onClick={() => inHours(2)}>
          In 2 hours
        </button>
        <button type="button" className="button button-light button-small" disabled={disabled} onClick={() => tomorrowAt(10)}>
          Tomorrow 10 am
        </button>
        {typed ? (
          <button type="button" className="button button-light button-small" disabled={disabled} onClick={() => set('')}>
            None
          </button>
        ) : null}
      </div>
    </div>
  );
}
