// The delivery form's schema on the client, for the shopper's checkout and staff's manual order alike: the shared
// customer schema, plus the postal code the chosen country asks for (decision 215; the server checks the same).
// The country's switch is read from the cached country list both forms show.
import { messages } from '#shared/messages';
import { CustomerDetailsInput } from '#shared/schemas/checkout';
import { queryClient, trpc } from '../trpc';

/** Whether the country (as the cached country list says) has no postal code in daily use. */
export const zipOptionalIn = (countryID: number): boolean =>
  !!queryClient.getQueryData(trpc.catalog.countries.queryKey())?.find((c) => c.countryID === countryID)
    ?.postalCodeOptional;

export const DeliveryInput = CustomerDetailsInput.superRefine((d, ctx) => {
  if (!d.zipCode && !zipOptionalIn(d.countryID))
    ctx.addIssue({ code: 'custom', path: ['zipCode'], message: messages.common.required });
});
