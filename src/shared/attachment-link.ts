/**
 * The attachmentLink of a complaint: the address the server serves its uploaded image at (to admins and the
 * complaint's author only). The popup builds it from the upload's id; the server accepts no other link.
 */
export const attachmentLink = (uploadId: string) => `/api/uploads/${uploadId}/image`;

const pattern = /^\/api\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/image$/i;

/** The upload id a link names, or undefined for any other link (another site, another route). */
export function uploadIdOfLink(link: string): string | undefined {
  return pattern.exec(link.trim())?.[1]?.toLowerCase();
}
