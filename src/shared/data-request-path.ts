/**
 * Where a person asks to see, correct or erase their data: the page pages/your-data.json, whose form goes to
 * src/server/data-requests; linked from the privacy policy and from every form's consent line. The mailed links land
 * under it.
 */
export const DATA_REQUEST_PATH = '/your-data';
