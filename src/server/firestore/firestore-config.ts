/**
 * Firestore is on when FIRESTORE_PROJECT_ID is set. Credentials come from GOOGLE_APPLICATION_CREDENTIALS (a service
 * account file, read on the server only); with FIRESTORE_EMULATOR_HOST set, the client talks to that emulator instead
 * and needs none. Kept apart from the client so that a server with Firestore off never loads firebase-admin.
 */
export function isFirestoreConfigured(env: Record<string, string | undefined>): boolean {
  return !!env.FIRESTORE_PROJECT_ID;
}
