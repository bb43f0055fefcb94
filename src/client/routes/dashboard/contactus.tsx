// /dashboard/contactus: contact messages.
import { createFileRoute } from '@tanstack/react-router';
import { ContactMessages } from '../../features/dashboard-sales/contact-messages';

export const Route = createFileRoute('/dashboard/contactus')({ component: ContactMessages });
