/**
 * Where a person asks to see or erase their data: answered by the server (src/server/data-requests), linked from the
 * privacy policy and from every form's consent line.
 */
export const DATA_REQUEST_PATH = '/your-data';
