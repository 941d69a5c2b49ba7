/** What a change of the lead came to: said politely when it saved, as an alert when it did not. */
export type SaveResult = { text: string; error?: boolean } | null;

export function SaveMessage({ result }: { result: SaveResult }) {
  return (
    <>
      <p className="leads-saved" role="status">
        {result && !result.error ? result.text : ''}
      </p>
      {result?.error ? (
        <p className="leads-error" role="alert">
          {result.text}
        </p>
      ) : null}
    </>
  );
}
