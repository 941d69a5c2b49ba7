/** SQL for a staff member's name as screens and files show it: their full name, or their username when they have none. */
export const staffName = (alias: string) => `coalesce(nullif(${alias}.full_name, ''), ${alias}.username)`;
