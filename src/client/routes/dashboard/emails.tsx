// /dashboard/emails: the e-mail outbox (staff).
import { createFileRoute } from '@tanstack/react-router';
import { EmailOutbox } from '#client/features/outbox/email-outbox';

export const Route = createFileRoute('/dashboard/emails')({ component: EmailOutbox });
