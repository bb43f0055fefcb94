// /dashboard/country
import { createFileRoute } from '@tanstack/react-router';
import { CountryList } from '#client/features/reference-lists/reference-screens';

export const Route = createFileRoute('/dashboard/country')({ component: CountryList });
