import { Type, type Static } from 'typebox';
import { Created, FormBody } from './common';

/** `/api/forms/:formId`: a form of pages/forms by its id. */
export const FormParams = Type.Object({ formId: Type.String({ pattern: '^[a-z][a-z0-9-]{0,63}$' }) });
export type FormParams = Static<typeof FormParams>;

/** A form as the browser sends it: the page it was filled on, the visitor's values and the captcha's token. */
export const FormSubmission = FormBody(Type.String({ pattern: '^/', maxLength: 200 }), 40);
export type FormSubmission = Static<typeof FormSubmission>;

/** 201: the stored submission. */
export const FormSubmitted = Created;
export type FormSubmitted = Static<typeof FormSubmitted>;
