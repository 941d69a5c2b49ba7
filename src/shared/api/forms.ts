import { Type, type Static } from 'typebox';

/** `/api/forms/:formId`: a form of pages/forms by its id. */
export const FormParams = Type.Object({ formId: Type.String({ pattern: '^[a-z][a-z0-9-]{0,63}$' }) });
export type FormParams = Static<typeof FormParams>;

/** A form as the browser sends it: the page it was filled on, the visitor's values and the captcha's token. */
export const FormSubmission = Type.Object(
  {
    page: Type.String({ pattern: '^/', maxLength: 200 }),
    data: Type.Record(Type.String(), Type.Unknown(), { maxProperties: 40 }),
    captcha: Type.Optional(Type.String({ maxLength: 8192 })),
  },
  { additionalProperties: false },
);
export type FormSubmission = Static<typeof FormSubmission>;

/** 201: the stored submission. */
export const FormSubmitted = Type.Object({ id: Type.String() });
export type FormSubmitted = Static<typeof FormSubmitted>;
