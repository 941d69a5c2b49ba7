/**
 * A page problem as it reads at its field, which already shows the field's name: a missing field is asked for, not
 * named by its key. The editor's forms and its history say it alike.
 */
export const problemAtField = (message: string) =>
  /^missing required field "[^"]+"$|^must NOT have fewer than 1 characters$/.test(message) ? 'Fill this in: the page needs it.' : message;
