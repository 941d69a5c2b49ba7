/** Whether text is a UUID as PostgreSQL reads one: checked before a query, so a malformed id finds nothing. */
export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
