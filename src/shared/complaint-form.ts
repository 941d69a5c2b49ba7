/**
 * The form of pages/forms that declares the complaint popup's fields, rules and messages: the popup and
 * POST /api/users/complaints check a complaint with its one compiled validator.
 */
export const COMPLAINT_FORM = 'complaint';
