// /dashboard/country
import { createFileRoute } from '@tanstack/react-router';
import { CountryList } from '../../features/dashboard-catalog/reference-screens';

export const Route = createFileRoute('/dashboard/country')({ component: CountryList });
