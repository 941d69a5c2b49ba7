import { useId } from 'react';
import { isFranchiseBde } from '../../shared/roles';

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
}: {
  values: UserFieldValues;
  roles: string[];
  onChange: (values: UserFieldValues) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const set = (key: keyof UserFieldValues) => (e: { target: { value: string } }) => onChange({ ...values, [key]: e.target.value });
  return (
    <>
      <div className="form-group">
        <label className="control-label" htmlFor={`${id}-name`}>
          Full name
        </label>
        <input
          id={`${id}-name`}
          className="form-control"
          value={values.fullName}
          onChange={set('fullName')}
          maxLength={100}
          disabled={disabled}
          autoComplete="off"
        />
      </div>
      <div className="form-group">
        <label className="control-label" htmlFor={`${id}-email`}>
          Email
        </label>
        <input
          id={`${id}-email`}
          type="email"
          className="form-control"
          value={values.email}
          onChange={set('email')}
          maxLength={254}
          disabled={disabled}
          autoComplete="off"
        />
      </div>
      <div className="form-group">
        <label className="control-label" htmlFor={`${id}-role`}>
          Role
        </label>
        <select id={`${id}-role`} className="form-control" value={values.role} onChange={set('role')} disabled={disabled}>
          {roles.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </div>
      {isFranchiseBde(values.role) ? (
        <div className="form-group">
          <label className="control-label" htmlFor={`${id}-city`}>
            Franchise city
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <input
            id={`${id}-city`}
            className="form-control"
            value={values.city}
            onChange={set('city')}
            maxLength={80}
            required
            disabled={disabled}
            aria-describedby={`${id}-city-help`}
          />
          <small id={`${id}-city-help`} className="field-help">
            An FBDE sees the leads of this city, spelled as on its page (for example Surat).
          </small>
        </div>
      ) : null}
    </>
  );
}
