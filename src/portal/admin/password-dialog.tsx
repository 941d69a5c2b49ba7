import { useState } from 'react';
import { Modal } from '../../ui/modal';

interface PasswordDialogProps {
  title: string;
  username: string;
  password: string;
  onClose: () => void;
}

/**
 * A temporary password, shown this once: the server keeps only its hash. The admin passes it on; the user logs in
 * with it and is asked nothing more (password changes are an admin's reset).
 */
export function PasswordDialog({ title, username, password, onClose }: PasswordDialogProps) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch {
      setCopied(false); // no clipboard (an http page, say): the password stays on screen to copy by hand
    }
  }
  return (
    <Modal title={title} onClose={onClose} className="password-dialog">
      <p>Give these to the user now. The password is not shown again; if it is lost, reset it.</p>
      <dl className="detail-list">
        <dt>Username</dt>
        <dd>
          <code>{username}</code>
        </dd>
        <dt>Temporary password</dt>
        <dd>
          <code className="temporary-password">{password}</code>
        </dd>
      </dl>
      <div className="button-row">
        <button type="button" className="button button-light" onClick={copy}>
          {copied ? 'Copied' : 'Copy password'}
        </button>
        <button type="button" className="button" onClick={onClose}>
          Done
        </button>
      </div>
      <p className="visually-hidden" role="status">
        {copied ? 'Password copied to the clipboard.' : ''}
      </p>
    </Modal>
  );
}
