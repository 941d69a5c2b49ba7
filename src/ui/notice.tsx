/** The outcome of an action on a list screen: a quiet status when it worked, an alert when it did not. */
export function Notice({ notice }: { notice: { tone: 'ok' | 'error'; text: string } | null }) {
  if (!notice) return null;
  return (
    <p className={notice.tone === 'ok' ? 'admin-notice' : 'form-banner admin-error'} role={notice.tone === 'ok' ? 'status' : 'alert'}>
      {notice.text}
    </p>
  );
}
