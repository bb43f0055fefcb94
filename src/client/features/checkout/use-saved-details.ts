// A signed-in customer's checkout is filled from their profile and their saved addresses (decision 215): on opening,
// the fields still empty (but the one being typed in) take the profile's e-mail, names and phone, then the most
// recently used saved address; the address chooser fills the delivery fields from another one. A guest gets nothing
// (no queries are made).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { SavedAddressDto } from '#shared/dto/addresses';
import type { ProfileDto } from '#shared/dto/accounts';
import { useSession } from '#client/lib/session';
import { trpc } from '#client/lib/trpc';
import type { EMPTY_FORM } from './checkout-fields';

type DeliveryValues = typeof EMPTY_FORM;

/** The delivery fields a saved address fills. */
export const addressValues = (a: SavedAddressDto): Partial<DeliveryValues> => ({
  firstName: a.firstName,
  lastName: a.lastName,
  phoneNumber: a.phoneNumber,
  countryID: String(a.countryID),
  city: a.city,
  address: a.address,
  zipCode: a.zipCode,
});

/**
 * Fills only the fields the shopper left empty, and not the one they are in: a value landing under the cursor would
 * be typed onto ("a@b.ks" + "a@b.ks"), as a fast typist or a test's fill did in CI.
 */
function fillEmpty(values: DeliveryValues, from: Partial<DeliveryValues>, focused: string | null): DeliveryValues {
  const next = { ...values };
  for (const [k, v] of Object.entries(from) as Array<[keyof DeliveryValues, string | undefined]>)
    if (v && !next[k] && k !== focused) next[k] = v;
  return next;
}

/** The name of the form control the shopper is in, if any. */
const focusedName = () => document.activeElement?.getAttribute('name') ?? null;

const profileValues = (p: ProfileDto): Partial<DeliveryValues> => ({
  email: p.email,
  firstName: p.firstName,
  lastName: p.lastName,
  phoneNumber: p.phoneNumber,
});

export function useSavedDetails(
  open: boolean,
  setValues: (next: (values: DeliveryValues) => DeliveryValues) => void,
): { addresses: SavedAddressDto[] } {
  const signedIn = !!useSession()?.userId;
  const enabled = open && signedIn;
  const profile = useQuery({ ...trpc.accounts.profile.queryOptions(), enabled });
  const addresses = useQuery({ ...trpc.addresses.list.queryOptions(), enabled });
  const filled = useRef(false);
  useEffect(() => {
    if (!open) filled.current = false;
    if (!enabled || filled.current || !profile.data || !addresses.data) return;
    filled.current = true;
    const first = addresses.data[0];
    const p = profile.data;
    const focused = focusedName();
    setValues((v) => fillEmpty(fillEmpty(v, first ? addressValues(first) : {}, focused), profileValues(p), focused));
  }, [open, enabled, profile.data, addresses.data, setValues]);
  return { addresses: enabled ? (addresses.data ?? []) : [] };
}
