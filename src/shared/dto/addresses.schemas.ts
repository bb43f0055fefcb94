// Answer schema of a saved address (addresses.ts), the interface's twin, for /api/openapi.json.
import { z } from 'zod';
import type { SavedAddressDto } from './addresses';
import { twin } from './twin';

export const SavedAddressReply = twin<SavedAddressDto>()(
  z.object({
    addressID: z.number(),
    firstName: z.string(),
    lastName: z.string(),
    phoneNumber: z.string(),
    countryID: z.number(),
    countryName: z.string(),
    city: z.string(),
    address: z.string(),
    zipCode: z.string(),
  }),
);
