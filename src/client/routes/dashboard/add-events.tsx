// /dashboard/add-events: add form.
import { createFileRoute } from '@tanstack/react-router';
import { EventForm } from '#client/features/reference-lists/reference-screens';

export const Route = createFileRoute('/dashboard/add-events')({ component: () => <EventForm /> });
