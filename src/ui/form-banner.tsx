/** What a form says about the request as a whole (a refusal, a failure), announced as it appears; nothing when all is well. */
export function FormBanner({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="form-banner" role="alert">
      {message}
    </p>
  ) : null;
}
