import { randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { isFirestoreConfigured } from './firestore-config';

export interface FirestoreConnection {
  firestore: Firestore;
  close(): Promise<void>;
}

/**
 * A connection of its own (a named app), so the server and a script or a test never share or close each other's; null
 * while Firestore is not configured. firebase-admin is loaded here, on first use, never by a server with Firestore off.
 */
export async function connectFirestore(env: Record<string, string | undefined>): Promise<FirestoreConnection | null> {
  if (!isFirestoreConfigured(env)) return null;
  const { applicationDefault, deleteApp, initializeApp } = await import('firebase-admin/app');
  const { getFirestore } = await import('firebase-admin/firestore');
  const app = initializeApp(
    {
      projectId: env.FIRESTORE_PROJECT_ID,
      // The emulator needs no credentials; Google's Firestore gets the service account's.
      ...(env.FIRESTORE_EMULATOR_HOST ? {} : { credential: applicationDefault() }),
    },
    `hireframe-${randomUUID()}`,
  );
  return { firestore: getFirestore(app), close: () => deleteApp(app) };
}
