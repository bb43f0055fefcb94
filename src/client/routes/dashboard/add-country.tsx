// /dashboard/add-country: add form.
import { createFileRoute } from '@tanstack/react-router';
import { CountryForm } from '#client/features/reference-lists/reference-screens';

export const Route = createFileRoute('/dashboard/add-country')({ component: () => <CountryForm /> });
