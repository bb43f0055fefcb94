// /dashboard/events
import { createFileRoute } from '@tanstack/react-router';
import { EventList } from '#client/features/reference-lists/reference-screens';

export const Route = createFileRoute('/dashboard/events')({ component: EventList });
