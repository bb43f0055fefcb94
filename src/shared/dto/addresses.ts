// A saved delivery address as the profile and the checkout show it (decision 215): one zod schema, its type inferred
// (decision 264); the schema documents the answer in /api/openapi.json.
import { z } from 'zod';

export const SavedAddressReply = z.object({
  addressID: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  countryID: z.number(),
  countryName: z.string(),
  city: z.string(),
  address: z.string(),
  zipCode: z.string(),
});
export type SavedAddressDto = z.infer<typeof SavedAddressReply>;
