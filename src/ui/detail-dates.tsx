import { formatDateTime } from '../shared/india-time';

/** The Received row of a detail list, and its Updated row once the record has changed. */
export function ReceivedAndUpdated({ createdAt, updatedAt }: { createdAt: string; updatedAt: string | null }) {
  return (
    <>
      <dt>Received</dt>
      <dd>{formatDateTime(createdAt)}</dd>
      {updatedAt ? (
        <>
          <dt>Updated</dt>
          <dd>{formatDateTime(updatedAt)}</dd>
        </>
      ) : null}
    </>
  );
}
