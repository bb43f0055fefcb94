// /dashboard/contactus: contact messages.
import { createFileRoute } from '@tanstack/react-router';
import { ContactMessages } from '../../features/contact/contact-messages';

export const Route = createFileRoute('/dashboard/contactus')({ component: ContactMessages });
