import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { apiQuery } from '../../lib/api-query';
import type { DigestChange, DigestSetting as Setting } from '../../shared/api/lead-digest';

const KEY = ['lead-digest'] as const;

/** The signed-in person's morning digest, turned on or off with one switch. */
export function DigestSetting() {
  const client = useQueryClient();
  const setting = useQuery(apiQuery<Setting>(KEY, '/api/lead-digest'));
  const change = useMutation({
    mutationFn: (body: DigestChange) => api<Setting>('/api/lead-digest', { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(KEY, saved),
  });
  const data = setting.data;
  if (!data) return null;
  const time = new Date(`2000-01-01T${data.time}:00`).toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit' });
  return (
    <p className="digest-setting">
      <label>
        <input type="checkbox" checked={data.on} disabled={change.isPending} onChange={(e) => change.mutate({ on: e.target.checked })} />{' '}
        Mail me this list every morning at {time} (India time)
      </label>
      {change.isError ? (
        <span className="leads-error" role="alert">
          {' '}
          The setting was not saved. Please try again.
        </span>
      ) : null}
    </p>
  );
}
