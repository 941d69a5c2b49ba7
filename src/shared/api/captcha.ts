import { Type, type Static } from 'typebox';

export const CaptchaMode = Type.Enum(['altcha', 'recaptcha', 'off']);
export type CaptchaMode = Static<typeof CaptchaMode>;

/** GET /api/captcha/config: which widget forms show, and reCAPTCHA's site key. */
export const CaptchaConfig = Type.Object({ mode: CaptchaMode, siteKey: Type.Optional(Type.String()) });
export type CaptchaConfig = Static<typeof CaptchaConfig>;

/** GET /api/captcha/challenge: a signed ALTCHA challenge, as the widget solves it. */
export const CaptchaChallenge = Type.Object({
  parameters: Type.Object(
    {
      algorithm: Type.String(),
      nonce: Type.String(),
      salt: Type.String(),
      cost: Type.Integer(),
      keyLength: Type.Integer(),
      keyPrefix: Type.String(),
      keySignature: Type.Optional(Type.String()),
      memoryCost: Type.Optional(Type.Integer()),
      parallelism: Type.Optional(Type.Integer()),
      expiresAt: Type.Integer(),
    },
    // The signature covers every parameter: one the serializer dropped would make every solution fail.
    { additionalProperties: true },
  ),
  signature: Type.String(),
});
export type CaptchaChallenge = Static<typeof CaptchaChallenge>;
