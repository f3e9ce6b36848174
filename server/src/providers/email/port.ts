import type { ProviderMode } from '@cofounder/shared';

export interface OutgoingMail {
  to: string;
  subject: string;
  /** Plain text; every link a user must follow appears in it as a full URL. */
  text: string;
  html?: string;
  /** Where replies go instead of the sender (e.g. the visitor of a contact form). */
  replyTo?: string;
  /** A display name for the product's sender address (mail sent on a founder's behalf); the address stays ours. */
  fromName?: string;
}

/** Sends mail. Local mode stores it in the dev mailbox; real mode hands it to an SMTP server. */
export interface EmailProvider {
  readonly mode: ProviderMode;
  /** One line for the start-up banner. */
  readonly describe: string;
  send(mail: OutgoingMail): Promise<void>;
}
