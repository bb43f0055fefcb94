// A contact message's thread for the dashboard (decision 257): the message and the staff's replies, oldest first,
// each with the state of the e-mail that carries it (read from its outbox row).
import type { ContactMessageDto } from './catalog';
import type { MailStatusDto } from './mail';

export interface ContactReplyDto {
  replyID: number;
  createdAt: string;
  /** Who replied; null once that account is deleted. */
  userID: number | null;
  userName: string | null;
  body: string;
  /** The e-mail's outbox row and its state; null if the row is no longer there. */
  mailID: number | null;
  mailStatus: MailStatusDto | null;
  mailSentAt: string | null;
  mailError: string | null;
}

export interface ContactThreadDto {
  message: ContactMessageDto;
  replies: ContactReplyDto[];
}
