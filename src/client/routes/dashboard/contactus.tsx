// /dashboard/contactus: contact messages.
import { createFileRoute } from '@tanstack/react-router';
import { ContactMessages } from '#client/features/contact/contact-messages';

export const Route = createFileRoute('/dashboard/contactus')({ component: ContactMessages });
