import { Type, type Static } from 'typebox';
import { FormBody } from './common';
import { CLICK_IDS, UTM_MAX } from '../attribution';

/** `/api/forms/:formId`: a form of pages/forms by its id. */
export const FormParams = Type.Object({ formId: Type.String({ pattern: '^[a-z][a-z0-9-]{0,63}$' }) });
export type FormParams = Static<typeof FormParams>;

const UtmValue = Type.Optional(Type.String({ minLength: 1, maxLength: UTM_MAX }));

/** One visit the browser remembers: from a campaign (utm_*, click ids), from another site (referrer), or direct. */
export const Touch = Type.Object(
  {
    utm_source: UtmValue,
    utm_medium: UtmValue,
    utm_campaign: UtmValue,
    utm_term: UtmValue,
    utm_content: UtmValue,
    /** The names of the click ids the address carried, never their values. */
    clickIds: Type.Optional(Type.Array(Type.Enum([...CLICK_IDS]), { minItems: 1, maxItems: CLICK_IDS.length, uniqueItems: true })),
    /** The host of the other site that linked to the page. */
    referrer: Type.Optional(Type.String({ maxLength: 253, pattern: '^[A-Za-z0-9.-]+(:[0-9]{1,5})?$' })),
    /** The path landed on, without its query. */
    landingPage: Type.String({ pattern: '^/', maxLength: 200 }),
    seenAt: Type.String({ format: 'date-time', maxLength: 40 }),
  },
  { additionalProperties: false },
);
export type Touch = Static<typeof Touch>;

/** The visitor's first visit (kept 90 days) and latest visit from a campaign or another site. */
export const Attribution = Type.Object({ first: Touch, last: Touch }, { additionalProperties: false });
export type Attribution = Static<typeof Attribution>;

/** A form as the browser sends it: the page it was filled on, the visitor's values and the captcha's token. */
export const FormSubmission = FormBody(Type.String({ pattern: '^/', maxLength: 200 }), 40);
export type FormSubmission = Static<typeof FormSubmission>;

/**
 * A lead's form as the browser sends it to `/api/forms/:formId`: a FormSubmission and where the visitor came from
 * (Attribution). The attribution is checked by the route rather than here: one the visitor's browser kept wrong is
 * dropped, never a reason to lose the lead, as the visitor could not fix it.
 */
export const LeadSubmission = Type.Object(
  { ...FormSubmission.properties, attribution: Type.Optional(Type.Unknown()) },
  { additionalProperties: false },
);
export type LeadSubmission = FormSubmission & { attribution?: Attribution };

/** 201: the stored submission and its reference (HF-2026-000123), which the visitor is shown and staff search for. */
export const FormSubmitted = Type.Object({ id: Type.String(), reference: Type.String({ pattern: '^HF-[0-9]{4}-[0-9]{6,}$' }) });
export type FormSubmitted = Static<typeof FormSubmitted>;
