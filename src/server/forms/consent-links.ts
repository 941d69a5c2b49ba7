import type { FormDefinition } from '../../shared/generated/form-definition';
import { newLinkToken } from '../http/link-tokens';

export type ConsentPurpose = 'confirm' | 'withdraw';

/** A newsletter confirmation link works this long; a withdraw link as long as its record exists. */
export const CONFIRM_LINK_DAYS = 7;

export const CONFIRM_PATH = '/newsletter/confirm';
export const WITHDRAW_PATH = '/unsubscribe';

/** What is stored of a mailed link: the hash of its token, never the token. */
export interface ConsentToken {
  purpose: ConsentPurpose;
  hash: string;
  expiresAt: Date | null;
}

/** The links an acknowledgement carries, as the visitor opens them. */
export interface ConsentLinks {
  withdraw?: string;
  confirm?: string;
}

/** A form that mails the visitor asks to confirm (the newsletter) when it has a confirm target. */
export const asksToConfirm = (definition: FormDefinition) => definition.submit.targets.some((t) => t.type === 'confirm');

/**
 * Fresh tokens for the mail a form sends the visitor: every acknowledgement carries a withdraw link, a newsletter
 * sign-up also a confirmation link. Links are built from PUBLIC_URL, never from the request, so a forged Host header
 * cannot point them elsewhere.
 */
export function newConsentLinks(definition: FormDefinition, publicUrl: string, now = new Date()) {
  const mailsVisitor = definition.submit.targets.some((t) => t.type === 'ack' || t.type === 'confirm');
  const tokens: ConsentToken[] = [];
  const links: ConsentLinks = {};
  const add = (purpose: ConsentPurpose, path: string, expiresAt: Date | null) => {
    const { token, hash } = newLinkToken();
    tokens.push({ purpose, hash, expiresAt });
    links[purpose] = `${publicUrl}${path}?token=${token}`;
  };
  if (mailsVisitor) add('withdraw', WITHDRAW_PATH, null);
  if (asksToConfirm(definition)) add('confirm', CONFIRM_PATH, new Date(now.getTime() + CONFIRM_LINK_DAYS * 86_400_000));
  return { tokens, links };
}
