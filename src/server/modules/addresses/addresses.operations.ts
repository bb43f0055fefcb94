// The saved addresses' operations (decision 215), each declared once (decision 211). Signed-in only; the owner is
// the caller, checked in the service.
import { z } from 'zod';
import { SavedAddressReply } from '#shared/dto/addresses';
import { AddressIdInput, SavedAddressInput, UpdateAddressInput } from '#shared/schemas/addresses';
import { mutation, query } from '#server/operations/define';
import * as service from './addresses.service';

export const addressesOperations = {
  list: query({
    access: 'signedIn',
    output: z.array(SavedAddressReply),
    run: (caller) => service.listAddresses(caller, caller.actor),
    rest: { method: 'GET', path: '/users/addresses' },
  }),
  create: mutation({
    access: 'signedIn',
    input: SavedAddressInput,
    output: SavedAddressReply,
    run: (caller, input) => service.createAddress(caller, caller.actor, input),
    rest: { method: 'POST', path: '/users/addresses', status: 201 },
  }),
  update: mutation({
    access: 'signedIn',
    input: UpdateAddressInput,
    output: SavedAddressReply,
    run: (caller, input) => service.updateAddress(caller, caller.actor, input),
    rest: {
      method: 'PUT',
      path: '/users/addresses/:addressId',
      input: async (req) => ({ ...((await req.json()) as object), addressId: req.param('addressId') }),
    },
  }),
  remove: mutation({
    access: 'signedIn',
    input: AddressIdInput,
    run: (caller, input) => service.deleteAddress(caller, caller.actor, input),
    rest: {
      method: 'DELETE',
      path: '/users/addresses/:addressId',
      status: 204,
      input: (req) => ({ addressId: req.param('addressId') }),
    },
  }),
};
