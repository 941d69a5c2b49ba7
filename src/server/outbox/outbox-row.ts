/** What the outbox sends: mail, a forward to an endpoint (a sheet, a webhook, an SMS gateway) or a Firestore copy. */

export interface MailPayload {
  to: string[];
  cc?: string[];
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
  /** Whom a mail to staff is about when none of their addresses is on it (a request by mobile number): an erasure finds it by this. */
  about?: string;
}

export interface ForwardPayload {
  /** The environment variable holding the endpoint, read when sending so a changed address applies to queued rows. */
  urlEnv: string;
  body: unknown;
  success: 'ok' | 'created-one';
}

/**
 * A copy of a record for a Firestore collection: the document id is the record's, so a retry writes it again in place.
 * A null document deletes it (the lead was erased).
 */
export interface FirestorePayload {
  collection: string;
  docId: string;
  document: Record<string, unknown> | null;
}

export type OutboxRow = (
  | { kind: 'email' | 'ack'; payload: MailPayload }
  | { kind: 'sheet' | 'webhook' | 'sms'; payload: ForwardPayload }
  | { kind: 'firestore'; payload: FirestorePayload }
) & {
  /** Waits until the visitor confirms (double opt-in): released by confirmSubscription, dropped by a withdrawal. */
  held?: boolean;
};
