import { Type, type Static } from 'typebox';
import { FormBody } from './common';

/** `/api/forms/:formId`: a form of pages/forms by its id. */
export const FormParams = Type.Object({ formId: Type.String({ pattern: '^[a-z][a-z0-9-]{0,63}$' }) });
export type FormParams = Static<typeof FormParams>;

/** A form as the browser sends it: the page it was filled on, the visitor's values and the captcha's token. */
export const FormSubmission = FormBody(Type.String({ pattern: '^/', maxLength: 200 }), 40);
export type FormSubmission = Static<typeof FormSubmission>;

/** 201: the stored submission and its reference (HF-2026-000123), which the visitor is shown and staff search for. */
export const FormSubmitted = Type.Object({ id: Type.String(), reference: Type.String({ pattern: '^HF-[0-9]{4}-[0-9]{6,}$' }) });
export type FormSubmitted = Static<typeof FormSubmitted>;
