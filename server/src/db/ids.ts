/**
 * Whether a string is a UUID. Ids from a path, a query or a message are checked with this before they reach a
 * uuid column: PostgreSQL refuses anything else with an error, which must read as "not found", never as a 500.
 */
export const isUuid = (id: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
