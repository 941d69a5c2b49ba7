import { useId } from 'react';
import { isFranchiseBde } from '../../shared/roles';
import { TextField } from '../../ui/text-field';

export const USERNAME_HELP = '3-40 lowercase letters, digits, dots, hyphens or underscores.';

export interface UserFieldValues {
  fullName: string;
  email: string;
  role: string;
  city: string;
}

/** Name, email, role and (for an FBDE, whose leads are their city's) city: the same in the create form and the edit dialog. */
export function UserFields({
  values,
  roles,
  onChange,
  disabled,
  cityError,
}: {
  values: UserFieldValues;
  roles: string[];
  onChange: (values: UserFieldValues) => void;
  disabled?: boolean;
  /** Why the city was refused, shown under it and tied to it. */
  cityError?: string;
}) {
  const id = useId();
  /** A field's value, its change handler and whether it is disabled. */
  const bind = (key: keyof UserFieldValues) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => onChange({ ...values, [key]: e.target.value }),
    disabled,
  });
  return (
    <>
      <TextField id={`${id}-name`} label="Full name" {...bind('fullName')} maxLength={100} autoComplete="off" />
      <TextField id={`${id}-email`} label="Email" type="email" {...bind('email')} maxLength={254} autoComplete="off" />
      <div className="form-group">
        <label className="control-label" htmlFor={`${id}-role`}>
          Role
        </label>
        <select id={`${id}-role`} className="form-control" {...bind('role')}>
          {roles.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </div>
      {isFranchiseBde(values.role) ? (
        <TextField
          id={`${id}-city`}
          label="Franchise city"
          required
          help="An FBDE sees the leads of this city, spelled as on its page (for example Surat)."
          {...bind('city')}
          error={cityError}
          maxLength={80}
        />
      ) : null}
    </>
  );
}
