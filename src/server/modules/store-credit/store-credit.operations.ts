// Store credit (decision 271): the shopper's balance and history, and administrators' read and add / remove with a
// note (administrators only, as the customers screen it sits on).
//   GET  /api/users/store-credit?page=&pageSize=               the caller's balance and history, newest first
//   GET  /api/Customers/{userId}/StoreCredit?page=&pageSize=   an account's balance and history with notes
//   POST /api/Customers/{userId}/StoreCredit {action, amount, note}   add or remove; 409 below zero, 404 no account
import { CustomerCreditReply, MyCreditReply } from '#shared/dto/store-credit';
import { AdjustCreditInput, CustomerCreditInput, MyCreditInput } from '#shared/schemas/store-credit';
import { mutation, query } from '#server/operations/define';
import { bodyWithId } from '#server/operations/rest-shapes';
import { adjustCredit, customerCredit, myCredit } from './store-credit.service';

export const storeCreditOperations = {
  mine: query({
    access: 'signedIn',
    input: MyCreditInput,
    output: MyCreditReply,
    run: (caller, input) => myCredit(caller, caller.actor, input),
    rest: { method: 'GET', path: '/users/store-credit', summary: 'The caller’s store credit and its history' },
  }),
  ofCustomer: query({
    access: 'admin',
    input: CustomerCreditInput,
    output: CustomerCreditReply,
    run: (caller, input) => customerCredit(caller, input),
    rest: {
      method: 'GET',
      path: '/Customers/:userId/StoreCredit',
      input: (req) => ({ ...req.query(), userId: req.param('userId') }),
      summary: 'An account’s store credit and its history',
    },
  }),
  adjust: mutation({
    access: 'admin',
    input: AdjustCreditInput,
    output: CustomerCreditReply,
    run: (caller, input) => adjustCredit(caller, input, caller.actor),
    rest: {
      method: 'POST',
      path: '/Customers/:userId/StoreCredit',
      input: bodyWithId('userId', 'userId'),
      summary: 'Add or remove store credit with a note (never below zero)',
    },
  }),
};
